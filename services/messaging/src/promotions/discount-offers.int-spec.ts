import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { discountMailingRequested, type PayloadOf } from '@multimfa/events';
import { type EmailEntry } from '@multimfa/provider-sandbox';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';

describe("messaging e-mails billing's discount mailings once (real Kafka, Redis, PostgreSQL; SendGrid in the sandbox)", () => {
  let messaging: MessagingTestApp;

  const mailing = (): PayloadOf<typeof discountMailingRequested> => ({
    mailingId: randomUUID(),
    discountId: randomUUID(),
    emailAddress: `prospect-${randomBytes(3).toString('hex')}@example.com`,
    code: 'SPRING20',
    discountType: 'PERCENTAGE',
    value: 20,
    expiryDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });

  async function row(emailId: string): Promise<{ status: string; attempts: number } | undefined> {
    const [found] = await messaging.database.query(
      'SELECT status, attempts FROM outbound_email WHERE email_id = $1',
      [emailId],
    );
    return found;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  }

  const offersTo = async (address: string) =>
    ((await messaging.inbox.messages({ channel: 'email', to: address })) as EmailEntry[]).filter((mail) =>
      mail.subject?.startsWith('Your MultiMFA discount'),
    );

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
  });

  afterAll(async () => {
    await messaging?.close();
  });

  it('records and sends a mailing published twice (a relay retry) as one e-mail', async () => {
    const offer = mailing();
    await publishTestEvent(messaging.producer, messaging.prefix, discountMailingRequested, offer);
    await publishTestEvent(messaging.producer, messaging.prefix, discountMailingRequested, offer);
    await until('the send', async () => ((await row(offer.mailingId))?.status === 'SENT' ? true : undefined));
    // A third copy after the send: handled (the next mailing's e-mail arrives after it), not sent again.
    await publishTestEvent(messaging.producer, messaging.prefix, discountMailingRequested, offer);
    const marker = { ...mailing(), discountId: offer.discountId };
    await publishTestEvent(messaging.producer, messaging.prefix, discountMailingRequested, marker);
    await until('the next mailing', async () =>
      (await row(marker.mailingId))?.status === 'SENT' ? true : undefined,
    );
    const [{ n }] = await messaging.database.query(
      'SELECT count(*)::int AS n FROM outbound_email WHERE to_address = $1',
      [offer.emailAddress],
    );
    assert.equal(n, 1);
    assert.equal((await offersTo(offer.emailAddress)).length, 1);
  });

  it('sends a mailing once when the worker stops after a refused send and a new process takes over', async () => {
    // SendGrid refuses every call until the old process has stopped: a retry (1 s backoff) that fires
    // while it shuts down is refused too, so only the new process can send.
    await messaging.inbox.setFault({ provider: 'sendgrid', count: 1_000, status: 500 });
    const offer = mailing();
    await publishTestEvent(messaging.producer, messaging.prefix, discountMailingRequested, offer);
    await until('the refused first attempt', async () => {
      const found = await row(offer.mailingId);
      return found && found.attempts >= 1 ? found : undefined;
    });
    await messaging.stop();
    assert.equal((await offersTo(offer.emailAddress)).length, 0, 'nothing sent before the stop');
    await messaging.inbox.clearFaults('sendgrid');
    await messaging.start();
    const sent = await until('the send by the new process', async () => {
      const found = await row(offer.mailingId);
      return found?.status === 'SENT' ? found : undefined;
    });
    assert.ok(sent.attempts >= 2, `sent by a retry after the refusal (attempt ${sent.attempts})`);
    assert.equal((await offersTo(offer.emailAddress)).length, 1);
  });
});
