// Destinations and routing end to end (issue 37 items 1 and 2): on the MultiMFA detail page the owner
// adds a Slack channel (confirmed with the code of its test post) and a webhook (its signing secret
// shown once), and rules sending Google's codes to Slack only and one sender's texts to the webhook only; texts typed to the number through the
// sandbox then reach each destination exactly as the rule says, and the page shows each delivery.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import {
  createUser,
  sandbox,
  sandboxUrl,
  signedInApi,
  signInThroughUi,
} from '../../testing/e2e-support/accounts.ts';
import { keepScreen, useBrowser } from '../../testing/e2e-support/browser.ts';
import { multiMfaWithNumber } from '../../testing/e2e-support/multi-mfa.ts';

/** Finland: a country no other e2e file buys in. */
const FINLAND = { isoCode: 'FI', e164Prefix: '+35850' };
const tag = () => randomBytes(3).toString('hex');

async function choose(
  page: Page,
  label: string,
  option: string,
  scope: Locator = page.getByTestId('destinations'),
) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('destinations: a Slack channel, a webhook and a routing rule on the MultiMFA detail page', () => {
  const browser = useBrowser();

  it('confirms a Slack channel with its test post’s code, adds a webhook (secret shown once) and rules Google → Slack and a sender → webhook; the Google text reaches Slack only (code, no body), the sender’s text the webhook only (signed, with its body), and the page shows both deliveries', async () => {
    const owner = await createUser('destinations-owner');
    const api = await signedInApi(owner);
    const { multiMFAId, number } = await multiMfaWithNumber(api, FINLAND, `Destinations e2e ${tag()}`, 2);
    await api.dispose();

    const page = await browser.newPage();
    await signInThroughUi(page, owner);
    await page.goto(`/details/${multiMFAId}`);
    const section = page.getByTestId('destinations');

    // Slack: the test post's code, typed back on the page, activates the channel.
    const slackPath = `/services/TE2E${tag().toUpperCase()}/BE2E${tag().toUpperCase()}/${randomBytes(12).toString('hex')}`;
    let cursor = await sandbox.cursor();
    await section.getByRole('textbox', { name: 'Destination name', exact: true }).fill('Ops Slack');
    await section
      .getByRole('textbox', { name: 'Incoming-webhook URL' })
      .fill(`https://hooks.slack.com${slackPath}`);
    await section.getByRole('button', { name: 'Add destination' }).click();
    const test = await sandbox.waitForSlackPost(slackPath, { after: cursor, timeoutMs: 20_000 });
    const code = /type (\d{3}-\d{3})/.exec(test.text)?.[1];
    assert.ok(code, test.text);
    const slackRow = section.locator('tr[data-destination="Ops Slack"]');
    await slackRow.getByRole('textbox', { name: 'Code for Ops Slack' }).fill(code);
    await slackRow.getByRole('button', { name: 'Confirm' }).click();
    await slackRow.getByText('active', { exact: true }).waitFor();

    // A webhook to the sandbox's receiver: it echoes the challenge, so it is active at once.
    const receiver = `e2e-${tag()}`;
    await choose(page, 'Kind', 'Webhook (HTTPS endpoint)');
    await section.getByRole('textbox', { name: 'Destination name', exact: true }).fill('Ops Hook');
    await section
      .getByRole('textbox', { name: 'HTTPS endpoint' })
      .fill(`${sandboxUrl}/webhook-receiver/${receiver}`);
    await choose(page, 'Content', 'Code and the whole text');
    await section.getByRole('button', { name: 'Add destination' }).click();
    const secret = (await section.getByTestId('signing-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await sandbox.setWebhookSecret(receiver, secret);
    await section.locator('tr[data-destination="Ops Hook"]').getByText('active', { exact: true }).waitFor();

    // The rules: Google's codes to the Slack channel only, the texts of one sender to the webhook only.
    await page.reload();
    const routing = page.getByTestId('routing');
    await routing.getByRole('button', { name: 'Add rule' }).click();
    await routing.getByRole('button', { name: 'Add rule' }).click();
    const [byService, bySender] = [routing.locator('[data-rule="0"]'), routing.locator('[data-rule="1"]')];
    await byService.getByRole('textbox', { name: 'Service (Google, AWS, …)' }).fill('Google');
    await byService.getByLabel('Destinations', { exact: true }).click({ force: true });
    await page.getByRole('option', { name: 'Ops Slack', exact: true }).click();
    await choose(page, 'Match', 'Sender', bySender);
    await bySender.getByRole('textbox', { name: 'Sender', exact: true }).fill('+15005550006');
    await bySender.getByLabel('Destinations', { exact: true }).click({ force: true });
    await page.getByRole('option', { name: 'Ops Hook', exact: true }).click();
    await routing.getByRole('button', { name: 'Save routing' }).click();
    await page.getByText('Routing saved').waitFor();

    cursor = await sandbox.cursor();
    const googleCode = String(100_000 + Math.floor(Math.random() * 900_000));
    const otherCode = String(100_000 + Math.floor(Math.random() * 900_000));
    await sandbox.sendInboundSms({
      from: '+15005550007',
      to: number,
      body: `G-${googleCode} is your Google verification code.`,
    });
    await sandbox.sendInboundSms({
      from: '+15005550006',
      to: number,
      body: `Your Acme login code is ${otherCode}`,
    });

    const slack = await sandbox.waitForSlackPost(slackPath, { after: cursor, timeoutMs: 30_000 });
    expect(slack.blocks[0]).toStrictEqual({
      type: 'header',
      text: { type: 'plain_text', text: googleCode, emoji: false },
    });
    expect(JSON.stringify(slack)).not.toContain('verification code');
    const hook = await sandbox.waitForWebhook(receiver, {
      after: cursor,
      timeoutMs: 30_000,
      match: (entry) => !entry.body.includes('"challenge"'),
    });
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'message.received',
      number,
      sender: '+15005550006',
      code: otherCode,
      body: `Your Acme login code is ${otherCode}`,
    });
    expect(hook.signatureValid).toBe(true);
    // Exactly what the rule says: nothing else reached either destination.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const slackPosts = await sandbox.messages({ channel: 'slack', to: slackPath, after: cursor });
    const hookPosts = await sandbox.messages({ channel: 'webhook', to: receiver, after: cursor });
    expect([slackPosts.length, hookPosts.length]).toStrictEqual([1, 1]);

    // The page: each text's delivery beside the members', and each destination's delivery log.
    await page.reload();
    const recent = page.getByRole('table', { name: 'Recent messages' });
    await recent.getByText('Ops Slack: delivered').waitFor({ timeout: 30_000 });
    await recent.getByText('Ops Hook: delivered').waitFor({ timeout: 30_000 });
    await section
      .locator('tr[data-destination="Ops Hook"]')
      .getByText(/attempt 1 · delivered · 200/)
      .waitFor();
    await keepScreen(page, 'multimfa-destinations-and-routing');
  });
});
