// Code forwarding end to end (issue 13): a text typed into the provider sandbox's inbox page reaches
// the MultiMFA's verified member by e-mail and SMS, shown in that inbox page, and never the member who
// has not accepted the invitation; the owner's detail page lists the text with its code masked until
// revealed and its delivery status.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import {
  type ApiClient,
  createUser,
  sandbox,
  sandboxUrl,
  signedInApi,
  signInThroughUi,
} from '../../testing/e2e-support/accounts.ts';
import { keepScreen, useBrowser } from '../../testing/e2e-support/browser.ts';

const FREE = 'FREE100';
const INVITATION_SUBJECT = 'You are invited to a MultiMFA team';
/** Canada: a country no other e2e file buys in, whose pool number the sandbox's Twilio account owns. */
const COUNTRY_ISO = 'CA';

const tag = () => randomBytes(3).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Buys a free MultiMFA with at least four seats in Canada and waits for its number. */
async function multiMfaWithNumber(api: ApiClient): Promise<{ multiMFAId: string; number: string }> {
  const { plans } = (await api.get('/api/plan/list')) as {
    plans: Array<{ planId: number; noOfUsers: number }>;
  };
  const plan = plans.filter((p) => p.noOfUsers >= 4).sort((a, b) => a.noOfUsers - b.noOfUsers)[0];
  assert.ok(plan, 'no MultiMFA plan has 4 seats');
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{
    multiMFACountryId: number;
    isoCode: string;
  }>;
  const country = countries.find((c) => c.isoCode === COUNTRY_ISO);
  assert.ok(country, 'Canada is not offered');
  const discount = (await api.post('/api/plan/apply-discount', { code: FREE, planId: plan.planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'MultiMFA',
      planId: plan.planId,
      name: `Forwarding e2e ${tag()}`,
      description: 'Bought by the forwarding e2e',
      countryId: country.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (await api.post('/api/plan/create', { stripePayment: { checkout_id: intent.checkoutId } }))
    .data as { MFA: { multiMFAId: string } };
  const multiMFAId = created.MFA.multiMFAId;
  for (let i = 0; i < 50; i += 1) {
    const { list } = (await api.get('/api/plan/list-multimfa')) as {
      list: Array<{ multiMFAId: string; twillioNo: string }>;
    };
    const number = list.find((mfa) => mfa.multiMFAId === multiMFAId)?.twillioNo;
    if (number) return { multiMFAId, number };
    await sleep(200);
  }
  throw new Error('the MultiMFA never got a number');
}

async function addMember(api: ApiClient, multiMFAId: string, name: string, email: string, mobileNo: string) {
  const added = (
    await api.post('/api/plan/add-member', {
      multiMFAId,
      firstName: name,
      lastName: 'Member',
      forwardMedium: 'BOTH',
      email,
      mobileNo,
    })
  ).data as { dbMember: { memberId: string } };
  return added.dbMember.memberId;
}

describe('forwarding: a text to a MultiMFA reaches its verified members only', () => {
  const browser = useBrowser();

  it('forwards a text typed in the sandbox inbox to the verified member by e-mail and SMS (both shown in the inbox page), not to the invited member who has not accepted, and the detail page shows it masked until revealed and "delivered to 2 of 2"', async () => {
    const owner = await createUser('forwarding-owner');
    const api = await signedInApi(owner);
    const { multiMFAId, number } = await multiMfaWithNumber(api);

    const verified = { email: `verified-${tag()}@example.com`, mobile: '+12125550171' };
    const invited = { email: `invited-${tag()}@example.com`, mobile: '+12125550172' };
    const verifiedId = await addMember(api, multiMFAId, 'Vera', verified.email, verified.mobile);
    await addMember(api, multiMFAId, 'Ivan', invited.email, invited.mobile);
    let cursor = await sandbox.cursor();
    await api.post('/api/plan/request-activation', { memberId: verifiedId });
    const invitation = await sandbox.waitForEmail(verified.email, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.subject === INVITATION_SUBJECT,
    });
    const link = /https?:\/\/\S+\/activation\/[\w%-]+/.exec(invitation.text ?? '')?.[0];
    assert.ok(link, 'no activation link in the invitation');
    await api.post('/api/plan/activate-member', {
      token: decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? ''),
    });
    await api.dispose();

    // The member's acceptance reaches messaging through numbers' events; text until it has.
    const inbox = await browser.newPage();
    await inbox.goto(sandboxUrl);
    const code = String(100_000 + Math.floor(Math.random() * 900_000));
    cursor = await sandbox.cursor();
    await inbox.getByRole('textbox', { name: 'From', exact: true }).fill('+15005550006');
    await inbox.getByRole('combobox', { name: 'To', exact: true }).fill(number);
    await inbox
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill(`Your Acme verification code is ${code}`);
    await inbox.getByRole('button', { name: 'Send text' }).click();

    const mail = await sandbox.waitForEmail(verified.email, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.subject.includes(code),
    });
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    const sms = await sandbox.waitForSms(verified.mobile, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.body.includes(code),
    });
    assert.equal(sms.from, number);
    await inbox.reload();
    await inbox
      .locator('li.entry.email')
      .filter({ hasText: code })
      .filter({ hasText: verified.email })
      .waitFor();
    await inbox
      .locator('li.entry.sms.outbound')
      .filter({ hasText: code })
      .filter({ hasText: verified.mobile })
      .waitFor();

    const toInvited = [
      ...(await sandbox.messages({ to: invited.email, after: cursor })),
      ...(await sandbox.messages({ to: invited.mobile, after: cursor })),
    ];
    expect(toInvited).toStrictEqual([]);

    const page = await browser.newPage();
    await signInThroughUi(page, owner);
    await page.goto(`/details/${multiMFAId}`);
    const row = page
      .getByRole('table', { name: 'Recent messages' })
      .getByRole('row')
      .filter({ hasText: '+15005550006' });
    await row.getByText('delivered to 2 of 2').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).not.toContain(code);
    await row.getByRole('button', { name: 'Reveal' }).click();
    await row.getByText(code, { exact: true }).waitFor();

    // The reveal is recorded: the code audit lists it beside the members who got the code, and its
    // export has a line per member copy and per reveal.
    const audit = page.getByRole('table', { name: 'Who used which code' });
    const auditRow = audit.getByRole('row').filter({ hasText: '+15005550006' });
    await auditRow
      .getByText(/· e-mail · delivered ·/)
      .first()
      .waitFor();
    await auditRow.getByText(/ · \d/).last().waitFor();
    await page.reload();
    const revealCell = page
      .getByRole('table', { name: 'Who used which code' })
      .getByRole('row')
      .filter({ hasText: '+15005550006' })
      .getByRole('cell')
      .nth(4);
    expect(await revealCell.textContent()).not.toBe('—');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Received,Sender,Service,Message ID,Who,Name,How,Status,At');
    expect(csv).toMatch(/,reveal,[^,]+,revealed on the page,,/);
    expect(csv).toMatch(/,member,[^,]+,EMAIL,delivered,/);
    expect(csv).not.toContain(code);
    await keepScreen(page, 'multimfa-recent-texts-and-code-audit');
  });
});
