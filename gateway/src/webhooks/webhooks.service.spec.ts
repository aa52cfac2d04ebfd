import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { DomainError, type Logger } from '@multimfa/service-runtime';
import type { ServiceClient } from '../upstream/service.client.js';
import { WebhooksService } from './webhooks.service.js';

type Call = { path: string; body: { reports?: unknown[] } & Record<string, unknown> };

/** Messaging and billing as recorded calls: every report applies. */
function service() {
  const calls: Call[] = [];
  const warnings: string[] = [];
  const client = {
    post: async (path: string, _schema: unknown, body: Call['body']) => {
      calls.push({ path, body });
      if (path === '/delivery-reports') return { applied: body.reports?.length ?? 0 };
      if (path === '/webhooks/stripe') return { received: true };
      return { messageId: randomUUID(), duplicate: false };
    },
  } as unknown as ServiceClient;
  const logger = { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as Logger;
  return { webhooks: new WebhooksService(client, client, logger), calls, warnings };
}

const events = (count: number, event = 'delivered') =>
  Buffer.from(JSON.stringify(Array.from({ length: count }, () => ({ event, emailId: randomUUID() }))));

describe('WebhooksService', () => {
  it('hands SendGrid’s events to messaging in requests of at most 1000 reports, and adds up what applied', async () => {
    const { webhooks, calls } = service();
    assert.deepEqual(await webhooks.reportSendGridEvents(events(2500)), { applied: 2500 });
    assert.deepEqual(
      calls.map((call) => [call.path, call.body.reports?.length]),
      [
        ['/delivery-reports', 1000],
        ['/delivery-reports', 1000],
        ['/delivery-reports', 500],
      ],
    );
  });

  it('reports only SendGrid events that name one of our e-mails with an event messaging takes', async () => {
    const { webhooks, calls } = service();
    const ours = randomUUID();
    const body = Buffer.from(
      JSON.stringify([
        { event: 'bounce', emailId: ours },
        { event: 'delivered', emailId: 'not-one-of-ours' },
        { event: 'x'.repeat(41), emailId: randomUUID() },
      ]),
    );
    assert.deepEqual(await webhooks.reportSendGridEvents(body), { applied: 1 });
    assert.deepEqual(calls[0]?.body.reports, [{ provider: 'sendgrid', forwardId: ours, event: 'bounce' }]);
    assert.deepEqual(await webhooks.reportSendGridEvents(events(0)), { applied: 0 });
    assert.equal(calls.length, 1, 'no request for no reports');
  });

  it('reports a Twilio status callback that names a forward and a status, and nothing else', async () => {
    const { webhooks, calls } = service();
    const forwardId = randomUUID();
    await webhooks.reportTwilioStatus({ MessageStatus: 'sent' }, forwardId);
    await webhooks.reportTwilioStatus({}, forwardId);
    await webhooks.reportTwilioStatus({ MessageStatus: 'sent' }, undefined);
    await webhooks.reportTwilioStatus({ MessageStatus: 'sent' }, 'not-a-forward');
    assert.deepEqual(calls, [
      { path: '/delivery-reports', body: { reports: [{ provider: 'twilio', forwardId, event: 'sent' }] } },
    ]);
  });

  it('sends messaging no request for reports that cannot move a forward (queued, processed, unknown events)', async () => {
    const { webhooks, calls } = service();
    const forwardId = randomUUID();
    for (const status of ['queued', 'accepted', 'sending', 'receiving', 'toString']) {
      await webhooks.reportTwilioStatus({ MessageStatus: status }, forwardId);
    }
    const emailId = randomUUID();
    const body = Buffer.from(
      JSON.stringify([
        { event: 'processed', emailId },
        { event: 'deferred', emailId },
        { event: 'open', emailId },
        { event: 'delivered', emailId },
      ]),
    );
    assert.deepEqual(await webhooks.reportSendGridEvents(body), { applied: 1 });
    assert.deepEqual(calls, [
      {
        path: '/delivery-reports',
        body: { reports: [{ provider: 'sendgrid', forwardId: emailId, event: 'delivered' }] },
      },
    ]);
  });

  it('stores a valid text, and refuses a signed form without one with 400, logged, sending nothing', async () => {
    const { webhooks, calls, warnings } = service();
    const form = { MessageSid: `SM${'0a'.repeat(16)}`, From: '+447700900555', To: '+14155550171' };
    await webhooks.receiveSms(form);
    assert.deepEqual(calls, [
      {
        path: '/inbound-messages',
        body: { messageSid: form.MessageSid, from: form.From, to: form.To, body: '' },
      },
    ]);
    await assert.rejects(
      webhooks.receiveSms({ From: form.From, To: form.To, Body: 'no sid' }),
      (error) => error instanceof DomainError && error.code === 'WEBHOOK_INVALID' && error.status === 400,
    );
    assert.equal(calls.length, 1);
    assert.deepEqual(warnings, ['a signed Twilio text without the fields of one']);
  });

  it('forwards a Stripe delivery to billing as the text Stripe signed', async () => {
    const { webhooks, calls } = service();
    assert.deepEqual(await webhooks.forwardStripe(Buffer.from('{"id":"evt_1"}'), 't=1,v1=abc'), {
      received: true,
    });
    assert.deepEqual(calls, [
      { path: '/webhooks/stripe', body: { payload: '{"id":"evt_1"}', signature: 't=1,v1=abc' } },
    ]);
  });
});
