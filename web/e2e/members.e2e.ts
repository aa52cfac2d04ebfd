// A MultiMFA's detail page, its members and their invitations end to end (issue 12; customer-area
// sections 2 MultiMFA detail and Invitation screen, 4, 5 Add member and Capacity, 7): the MultiMFA is
// bought through the API with the demo data's 100% code, the rest happens in Chromium, and the
// invitation e-mail is read from the provider sandbox's inbox.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Page } from 'playwright-core';
import {
  ApiClient,
  createUser,
  sandbox,
  signedInApi,
  signInThroughUi,
  type TestUser,
  waitForPath,
} from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const FREE = 'FREE100';
const INVITATION_SUBJECT = 'You are invited to a MultiMFA team';

type Medium = 'EMAIL' | 'MOBILE_NUMBER' | 'BOTH';
const MEDIUM_LABEL: Record<Medium, string> = { EMAIL: 'Email', MOBILE_NUMBER: 'Mobile Number', BOTH: 'Both' };

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const memberRow = (page: Page, fullName: string) =>
  page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: fullName });
/** A unique tag of letters only: it goes into member names, which hold letters only. */
const tag = () =>
  randomBytes(3)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)));
const numbersDatabaseUrl = process.env.MMFA_E2E_NUMBERS_DATABASE_URL;

/**
 * The member's invitation as numbers sees it once `days` have passed: its dates are moved back by
 * that much (the stack's services run on the system clock, so the invitation ages instead).
 */
async function ageInvitation(email: string, days: number): Promise<void> {
  assert.ok(numbersDatabaseUrl, 'MMFA_E2E_NUMBERS_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString: numbersDatabaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE member_invitation i SET expires_at = i.expires_at - make_interval(days => $2),
              created_at = i.created_at - make_interval(days => $2)
         FROM member m WHERE m.member_id = i.member_id AND m.email = $1`,
      [email, days],
    );
    assert.equal(rowCount, 1);
  } finally {
    await client.end();
  }
}

/** Clicks the row's Invite and answers the invitation e-mail that reaches `email`, with its /activation path. */
async function inviteByEmail(row: ReturnType<typeof memberRow>, email: string) {
  const cursor = await sandbox.cursor();
  await row.getByRole('button', { name: 'Invite' }).click();
  const mail = await sandbox.waitForEmail(email, {
    after: cursor,
    timeoutMs: 20_000,
    match: (entry) => entry.subject === INVITATION_SUBJECT,
  });
  const path = new URL(/https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail.text ?? '')?.[0] ?? '').pathname;
  return { mail, path };
}

/** The MultiMFA's name and number (null while it waits for one), as numbers holds them. */
async function teamOf(multiMFAId: string): Promise<{ name: string; number: string | null }> {
  assert.ok(numbersDatabaseUrl, 'MMFA_E2E_NUMBERS_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString: numbersDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT mfa.name, phone_number.e164 AS number FROM mfa
         LEFT JOIN phone_number ON phone_number.phone_number_id = mfa.phone_number_id WHERE mfa.mfa_id = $1`,
      [multiMFAId],
    );
    assert.equal(rows.length, 1);
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Buys a MultiMFA of the smallest plan with at least `seats` seats, free with the 100% code. */
async function boughtMultiMfa(
  api: ApiClient,
  seats: number,
): Promise<{ multiMFAId: string; noOfUsers: number }> {
  const { plans } = (await api.get('/api/plan/list')) as {
    plans: Array<{ planId: number; noOfUsers: number }>;
  };
  const plan = plans.filter((p) => p.noOfUsers >= seats).sort((a, b) => a.noOfUsers - b.noOfUsers)[0];
  assert.ok(plan, `no MultiMFA plan has ${seats} seats`);
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{ multiMFACountryId: number }>;
  const discount = (await api.post('/api/plan/apply-discount', { code: FREE, planId: plan.planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'MultiMFA',
      planId: plan.planId,
      name: `Members e2e ${tag()}`,
      description: 'Bought by the members e2e',
      countryId: countries[0]?.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string; requiresPayment: boolean };
  assert.equal(intent.requiresPayment, false);
  const created = (await api.post('/api/plan/create', { stripePayment: { checkout_id: intent.checkoutId } }))
    .data as { MFA: { multiMFAId: string } };
  return { multiMFAId: created.MFA.multiMFAId, noOfUsers: plan.noOfUsers };
}

async function fillMember(
  page: Page,
  member: { firstName: string; lastName: string; medium: Medium; email?: string; mobileNo?: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Create New Member' });
  await form.getByLabel('First Name').fill(member.firstName);
  await form.getByLabel('Last Name').fill(member.lastName);
  await form.getByLabel('Forward Method', { exact: true }).click();
  await page.getByRole('option', { name: MEDIUM_LABEL[member.medium], exact: true }).click();
  if (member.mobileNo !== undefined)
    await form.getByLabel('Mobile Number', { exact: true }).fill(member.mobileNo);
  if (member.email !== undefined) await form.getByLabel('Email', { exact: true }).fill(member.email);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
}

describe('a MultiMFA detail page: members, seats and invitations', () => {
  const browser = useBrowser();

  async function ownerWithMultiMfa(label: string, seats: number) {
    const user = await createUser(label);
    const api = await signedInApi(user);
    const bought = await boughtMultiMfa(api, seats);
    await api.dispose();
    const page = await browser.newPage();
    await signInThroughUi(page, user);
    await page.goto(`/details/${bought.multiMFAId}`);
    await page.getByRole('heading', { name: 'MultiMFA Details' }).waitFor();
    return { user, page, ...bought };
  }

  it('shows the header (status, long next payment date, Back To Dashboard), adds members of each medium until the plan is full, then says "Please Update your Plan" and lands on /pricing with this MultiMFA selected, which says "Upgrade <name>: it uses N of N seats" (after a reload too) and links back to its details', async () => {
    const { page, multiMFAId, noOfUsers } = await ownerWithMultiMfa('members-full', 4);
    const name = await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue();
    await page.getByText(`Can add upto ${noOfUsers} users in current plan`).waitFor();
    await page.getByRole('link', { name: 'Back To Dashboard' }).waitFor();
    assert.equal(await page.getByLabel('Subscription status').textContent(), 'ACTIVE');
    assert.match(
      await page.getByRole('textbox', { name: 'Next Payment Date', exact: true }).inputValue(),
      /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    const form = page.getByRole('form', { name: 'Create New Member' });
    assert.equal(
      await form.getByLabel('Mobile Number', { exact: true }).getAttribute('placeholder'),
      '+12125551212',
    );
    assert.ok(await form.getByLabel('Mobile Number', { exact: true }).isDisabled());
    assert.ok(await form.getByLabel('Email', { exact: true }).isDisabled());

    await fillMember(page, { firstName: 'Empty', lastName: 'Mail', medium: 'EMAIL' });
    await page.getByText('Please provide email address').waitFor();
    await fillMember(page, {
      firstName: 'Half',
      lastName: 'Both',
      medium: 'BOTH',
      email: 'half@example.com',
    });
    await page.getByText('Please provide both email address and mobile number').waitFor();

    const order: Medium[] = ['EMAIL', 'MOBILE_NUMBER', 'BOTH'];
    let seats = 0;
    for (let i = 0; seats + (order[i % 3] === 'BOTH' ? 2 : 1) <= noOfUsers; i += 1) {
      const medium = order[i % 3] as Medium;
      const firstName = `M${'abcdefghij'.charAt(i)}${tag()}`;
      await fillMember(page, {
        firstName,
        lastName: 'Seat',
        medium,
        ...(medium !== 'MOBILE_NUMBER' ? { email: `${firstName}@Example.com` } : {}),
        ...(medium !== 'EMAIL' ? { mobileNo: `+1212555${String(1000 + i)}` } : {}),
      });
      await memberRow(page, `${firstName} Seat`).getByText('Awaiting').waitFor();
      seats += medium === 'BOTH' ? 2 : 1;
    }
    expect(
      await page.getByRole('table', { name: 'Members' }).getByRole('row').count(),
    ).toBeGreaterThanOrEqual(4);

    await fillMember(page, {
      firstName: 'One',
      lastName: 'Toomany',
      medium: 'EMAIL',
      email: 'toomany@example.com',
    });
    await page.getByText('Please Update your Plan').waitFor();
    await waitForPath(page, '/pricing');
    const upgrade = await page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}').upgrade);
    assert.equal(upgrade, multiMFAId);

    // The pricing page says which MultiMFA is upgraded and why, and leads back to it.
    const notice = page.getByRole('region', {
      name: `Upgrade ${name}: it uses ${noOfUsers} of ${noOfUsers} seats`,
    });
    await notice.getByText('Choose a plan with more seats to add more members.').waitFor();
    await page.reload();
    await notice.waitFor();
    await notice.getByRole('link', { name: `Back to ${name}` }).click();
    await waitForPath(page, `/details/${multiMFAId}`);
    await page.getByRole('heading', { name: 'MultiMFA Details' }).waitFor();
  });

  it('invites by e-mail naming the owner, the team, its number and "by email"; the link from the inbox opens the invitation, which says the same with no token field, Accept verifies the member (the owner sees Verified after a refresh that kept the name being typed, then saves it), and the link again says already accepted', async () => {
    const { page, user, multiMFAId } = await ownerWithMultiMfa('members-invite', 2);
    const team = await teamOf(multiMFAId);
    const numberText = team.number ?? 'the team’s number';
    const email = `invitee-${tag()}@example.com`;
    const firstName = `Ivy${tag()}`;
    await fillMember(page, { firstName, lastName: 'Invited', medium: 'EMAIL', email });
    const row = memberRow(page, `${firstName} Invited`);
    await row.getByText('Awaiting').waitFor();
    const cursor = await sandbox.cursor();
    await row.getByRole('button', { name: 'Invite' }).click();
    await row.getByText('Invite Sent').waitFor();

    const mail = await sandbox.waitForEmail(email, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.subject === INVITATION_SUBJECT,
    });
    const link = /https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail.text ?? '')?.[0];
    assert.ok(link, `no activation link in:\n${mail.text}`);
    const inviter = `${user.firstName} ${user.lastName}`;
    assert.ok(
      mail.text?.includes(
        `${inviter} invites you to the MultiMFA team “${team.name}”: once you accept, the verification codes texted to ${numberText} are forwarded to you by email.`,
      ),
      mail.text,
    );
    assert.ok(
      mail.text?.includes(`If you do not know ${inviter}, reject it or ignore this email.`),
      mail.text,
    );

    const invitee = await browser.newPage();
    await invitee.goto(new URL(link).pathname);
    await invitee.getByRole('heading', { name: 'Member Invitation' }).waitFor();
    await invitee
      .getByText(`${firstName} Invited, ${inviter} invites you to the MultiMFA team ${team.name}.`)
      .waitFor();
    await invitee
      .getByText(
        `Once you accept, the verification codes texted to ${numberText} are forwarded to you by e-mail.`,
      )
      .waitFor();
    assert.equal(await invitee.getByLabel('Token').count(), 0, 'a token from the link is not shown to type');
    await button(invitee, 'Accept').click();
    await invitee.getByText('Thank you for accepting the invite.').waitFor();
    await invitee.locator('canvas').first().waitFor();

    // The owner's page refreshes every 30 seconds, and keeps what the owner is typing meanwhile.
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Typed while refreshing');
    await row.getByText('Verified').waitFor({ timeout: 35_000 });
    assert.equal(await row.getByRole('button', { name: 'Invite' }).count(), 0);
    assert.equal(await name.inputValue(), 'Typed while refreshing');
    await button(page, 'Save').click();
    await page.getByText('Changes saved successfully').waitFor();

    const again = await browser.newPage();
    await again.goto(new URL(link).pathname);
    await again.getByText('You have already accepted the invitation.').waitFor();
  });

  it('rejects an invitation ("Invitation Rejected" and the recorded message) and the owner is told by e-mail; the link then answers expired or deleted; deleting a member asks first', async () => {
    const { page, user } = await ownerWithMultiMfa('members-reject', 2);
    const email = `rejecter-${tag()}@example.com`;
    const firstName = `Rex${tag()}`;
    await fillMember(page, { firstName, lastName: 'Rejects', medium: 'EMAIL', email });
    const row = memberRow(page, `${firstName} Rejects`);
    const { path } = await inviteByEmail(row, email);

    const invitee = await browser.newPage();
    await invitee.goto(path);
    const ownersCursor = await sandbox.cursor();
    await button(invitee, 'Reject').click();
    await invitee.getByText('Invitation Rejected').waitFor();
    await invitee.getByText('Your response has been recorded and the sender will be notified.').waitFor();
    const notice = await sandbox.waitForEmail(user.emailAddress, { after: ownersCursor, timeoutMs: 20_000 });
    assert.equal(notice.subject, `${firstName} Rejects rejected your MultiMFA invitation`);
    assert.ok(notice.text?.includes(`${firstName} Rejects (${email}) rejected the invitation`), notice.text);
    const later = await browser.newPage();
    await later.goto(path);
    await later.getByText('The token which you have entered may have been expired or deleted.').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This action can not be done').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Member deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('/activation without a token in the link asks for the token by hand; the typed token is accepted', async () => {
    const { page } = await ownerWithMultiMfa('members-typed', 2);
    const email = `typist-${tag()}@example.com`;
    const firstName = `Tia${tag()}`;
    await fillMember(page, { firstName, lastName: 'Typed', medium: 'EMAIL', email });
    const { path } = await inviteByEmail(memberRow(page, `${firstName} Typed`), email);
    const token = decodeURIComponent(path.split('/').at(-1) ?? '');

    const invitee = await browser.newPage();
    await invitee.goto('/activation');
    await invitee.getByRole('heading', { name: 'Member Invitation' }).waitFor();
    await invitee.getByLabel('Token').fill(token);
    await button(invitee, 'Accept').click();
    await invitee.getByText('Thank you for accepting the invite.').waitFor();
  });

  it('an invitation link 7 days later (the invitation aged past its expiry) says "The token which you have entered may have been expired or deleted." and the member stays Invite Sent', async () => {
    const { page } = await ownerWithMultiMfa('members-expired', 2);
    const email = `late-${tag()}@example.com`;
    const firstName = `Lea${tag()}`;
    await fillMember(page, { firstName, lastName: 'Late', medium: 'EMAIL', email });
    const row = memberRow(page, `${firstName} Late`);
    const cursor = await sandbox.cursor();
    await row.getByRole('button', { name: 'Invite' }).click();
    await row.getByText('Invite Sent').waitFor();
    const mail = await sandbox.waitForEmail(email, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.subject === INVITATION_SUBJECT,
    });
    const path = new URL(/https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail.text ?? '')?.[0] ?? '').pathname;

    await ageInvitation(email, 7);
    const invitee = await browser.newPage();
    await invitee.goto(path);
    await invitee.getByText('The token which you have entered may have been expired or deleted.').waitFor();
    assert.equal(await invitee.getByText('Thank you for accepting the invite.').count(), 0);

    await page.reload();
    await memberRow(page, `${firstName} Late`).getByText('Invite Sent').waitFor();
  });

  it("gives a second customer 404 on the first one's MultiMFA and member ids", async () => {
    const owner = await createUser('members-owner');
    const ownerApi = await signedInApi(owner);
    const { multiMFAId } = await boughtMultiMfa(ownerApi, 2);
    const added = (
      await ownerApi.post('/api/plan/add-member', {
        multiMFAId,
        firstName: 'Own',
        lastName: 'Member',
        forwardMedium: 'EMAIL',
        email: `own-${tag()}@example.com`,
      })
    ).data as { dbMember: { memberId: string } };
    await ownerApi.dispose();

    const stranger: TestUser = await createUser('members-stranger');
    const api = await signedInApi(stranger);
    const statuses = [
      await api.postStatus('/api/plan/mfa-details', { multiMFAId }),
      await api.postStatus('/api/plan/save', {
        multiMFAId,
        name: 'Mine',
        description: '',
        autoRenewal: false,
      }),
      await api.postStatus('/api/plan/add-member', {
        multiMFAId,
        firstName: 'In',
        lastName: 'Truder',
        forwardMedium: 'EMAIL',
        email: 'intruder@example.com',
      }),
      await api.postStatus('/api/plan/request-activation', { memberId: added.dbMember.memberId }),
    ];
    await api.dispose();
    expect(statuses).toStrictEqual([404, 404, 404, 404]);
  });
  it('at 1280 px the members table shows every status badge whole (Awaiting, Invite Sent, Verified), one line per name and header, Invite and Delete side by side, and "—" for a missing mobile number or e-mail', async () => {
    const { page } = await ownerWithMultiMfa('members-layout', 4);
    await page.setViewportSize({ width: 1280, height: 900 });
    const people = {
      verified: { firstName: `Valentina${tag()}`, lastName: 'Montgomeryeverhart', medium: 'EMAIL' as const },
      sent: { firstName: `Sebastian${tag()}`, lastName: 'Featherstonehaugh', medium: 'EMAIL' as const },
      awaiting: { firstName: `Annabelle${tag()}`, lastName: 'Wolfeschlegel', medium: 'EMAIL' as const },
      mobile: { firstName: `Maximilian${tag()}`, lastName: 'Oppenheimer', medium: 'MOBILE_NUMBER' as const },
    };
    for (const person of Object.values(people)) {
      await fillMember(page, {
        ...person,
        ...(person.medium === 'EMAIL'
          ? { email: `${person.firstName.toLowerCase()}@example.com` }
          : { mobileNo: '+12125557777' }),
      });
      await memberRow(page, `${person.firstName} ${person.lastName}`).getByText('Awaiting').waitFor();
    }
    const rowOf = (person: { firstName: string; lastName: string }) =>
      memberRow(page, `${person.firstName} ${person.lastName}`);

    for (const person of [people.sent, people.verified]) {
      const email = `${person.firstName.toLowerCase()}@example.com`;
      const cursor = await sandbox.cursor();
      await rowOf(person).getByRole('button', { name: 'Invite' }).click();
      await rowOf(person).getByText('Invite Sent').waitFor();
      if (person !== people.verified) continue;
      const mail = await sandbox.waitForEmail(email, {
        after: cursor,
        timeoutMs: 20_000,
        match: (entry) => entry.subject === INVITATION_SUBJECT,
      });
      const link = /https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail.text ?? '')?.[0];
      assert.ok(link, `no activation link in:\n${mail.text}`);
      const invitee = await browser.newPage();
      await invitee.goto(new URL(link).pathname);
      await button(invitee, 'Accept').click();
      await invitee.getByText('Thank you for accepting the invite.').waitFor();
    }
    await page.reload();
    await rowOf(people.verified).getByText('Verified').waitFor();

    const table = page.getByRole('table', { name: 'Members' });
    // Each badge's text fits its box (an ellipsis would leave scrollWidth above clientWidth).
    const badges = await table.locator('.mmfa-badge').evaluateAll((elements) =>
      elements.map((badge) => {
        const label = badge.querySelector('.mmfa-badge-label') ?? badge;
        return {
          text: badge.textContent,
          clipped: badge.scrollWidth > badge.clientWidth || label.scrollWidth > label.clientWidth,
        };
      }),
    );
    expect(badges.map((badge) => badge.text).sort()).toStrictEqual([
      'Awaiting',
      'Awaiting',
      'Invite Sent',
      'Verified',
    ]);
    expect(badges.filter((badge) => badge.clipped)).toStrictEqual([]);

    // Headers and full names take one line each: their text is one box, not one per line.
    const lines = (cells: ReturnType<typeof table.locator>) =>
      cells.evaluateAll((elements) =>
        elements.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return { text: cell.textContent, lines: tops.size };
        }),
      );
    for (const cell of [
      ...(await lines(table.locator('th'))),
      ...(await lines(table.locator('tbody td:first-child'))),
    ]) {
      expect(cell).toStrictEqual({ text: cell.text, lines: 1 });
    }

    // An unverified member's Invite and Delete share one line (the same top). Both tops are read
    // in one evaluation: sections above the table that finish loading between two separate reads
    // would move the row and make two aligned buttons look apart.
    for (const person of [people.awaiting, people.sent]) {
      const tops = await rowOf(person).evaluate((row) =>
        ['Invite', 'Delete'].map((name) => {
          const control = [...row.querySelectorAll('button')].find(
            (button) => button.textContent?.trim() === name,
          );
          return control ? Math.round(control.getBoundingClientRect().top) : null;
        }),
      );
      assert.ok(
        tops.every((top) => top !== null),
        `${person.firstName}: Invite or Delete missing: ${tops}`,
      );
      assert.equal(tops[0], tops[1], `${person.firstName}: Invite and Delete on one line`);
    }

    // A value the member has not got shows as an em dash, not a blank cell.
    const cells = (person: { firstName: string; lastName: string }) =>
      rowOf(person).getByRole('cell').allTextContents();
    const [, mobileOfEmailOnly, emailOfEmailOnly] = await cells(people.awaiting);
    assert.equal(mobileOfEmailOnly, '—');
    assert.equal(emailOfEmailOnly, `${people.awaiting.firstName.toLowerCase()}@example.com`);
    const [, mobileOfMobileOnly, emailOfMobileOnly] = await cells(people.mobile);
    assert.equal(mobileOfMobileOnly, '+12125557777');
    assert.equal(emailOfMobileOnly, '—');
  });
});
