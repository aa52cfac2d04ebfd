import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { deliveryStatusChanged } from '@multimfa/events';
import { Clock, LOGGER, Metrics } from '@multimfa/service-runtime';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import { failureClassOf } from '../providers/provider.errors.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import {
  type MessagingTestApp,
  publishTeam,
  useMessagingTestApp,
} from '../testing/messaging-test-app.harness.js';
import { REDRIVES_METRIC } from './forward-redrive.rules.js';
import { ForwardRedriveService } from './forward-redrive.service.js';
import { ForwardingService } from './forwarding.service.js';
import { ForwardsRepository } from './forwards.repository.js';

describe('re-driving forwards that failed while their provider was down (real PostgreSQL, Redis, Kafka; SendGrid in the sandbox)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** A text to a MultiMFA of its own and one queued e-mail forward of it, as the inbound webhook writes them. */
  async function queuedEmailForward(): Promise<{ forwardId: string; mfaId: string; email: string }> {
    const messageId = randomUUID();
    const forwardId = randomUUID();
    const mfaId = randomUUID();
    const email = `redrive.${randomBytes(4).toString('hex')}@example.com`;
    await messaging.database.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code, received_at)
       VALUES ($1, $2, $3, 'MultiMFA', '+14155550142', '+15005550006', 'Your code is 515151', '515151', now())`,
      [messageId, `SM${randomUUID().replace(/-/g, '')}`, mfaId],
    );
    await messaging.database.query(
      `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name)
       VALUES ($1, $2, $3, $4, 'EMAIL', $5, 'Ada', 'Test')`,
      [forwardId, messageId, mfaId, randomUUID(), email],
    );
    return { forwardId, mfaId, email };
  }

  const forwarding = () => messaging.app.get(ForwardingService);

  /** One attempt that SendGrid refuses; the error it ended with. */
  const refusedAttempt = async (forwardId: string, attempt: number) => {
    const error = await forwarding()
      .deliver(forwardId, attempt)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(error instanceof Error, 'SendGrid refused the send');
    return error;
  };

  /** A second replica's sweep: its own look, on the same database and queue. */
  const replica = () =>
    new ForwardRedriveService(
      messaging.app.get(ForwardsRepository),
      messaging.app.get(ForwardQueue),
      messaging.app.get(Clock),
      messaging.app.get(LOGGER),
      messaging.app.get(Metrics),
    );

  const redrives = async (outcome: string) => {
    const metric = await messaging.app.get(Metrics).registry.getSingleMetric(REDRIVES_METRIC.name)?.get();
    return (
      metric?.values.find((value) => value.labels.medium === 'EMAIL' && value.labels.outcome === outcome)
        ?.value ?? 0
    );
  };

  const row = async (forwardId: string) => {
    const [found] = await messaging.database.query(
      `SELECT status, failure_class, redrives, redriven_at IS NOT NULL AS redriving, sent_at IS NOT NULL AS sent
         FROM forward WHERE forward_id = $1`,
      [forwardId],
    );
    return { ...found };
  };

  it('leaves a forward that failed in a SendGrid outage failed while SendGrid still refuses, and sends it exactly once (two replicas sweeping) after SendGrid accepted another send: failed to sent, one e-mail, its failure no longer counted', async () => {
    const failing = await queuedEmailForward();
    const before = { started: await redrives('started'), sent: await redrives('sent') };

    // The outage: the forward's last attempt is refused with a 503 and it is given up as the worker does.
    await messaging.inbox.setFault({ provider: 'sendgrid', status: 503, count: 2 });
    const error = await refusedAttempt(failing.forwardId, 24);
    await forwarding().giveUp(failing.forwardId, error.message, failureClassOf(error));
    assert.deepEqual(await row(failing.forwardId), {
      status: 'failed',
      failure_class: 'transient',
      redrives: 0,
      redriving: false,
      sent: false,
    });

    // SendGrid still refuses the next send: nothing shows the outage is over.
    const other = await queuedEmailForward();
    await refusedAttempt(other.forwardId, 1);
    const sweep = messaging.app.get(ForwardRedriveService);
    assert.equal(await sweep.redrive(), 0);
    assert.equal((await row(failing.forwardId)).redrives, 0);

    // SendGrid accepts a send again (the fault is spent): the failed forward is re-driven, once.
    await forwarding().deliver(other.forwardId, 2);
    assert.equal((await row(other.forwardId)).status, 'sent');
    const started = await Promise.all([sweep.redrive(), replica().redrive()]);
    assert.equal(started[0] + started[1], 1, 'one of the two replicas started the re-drive');

    await eventually('the re-driven forward recorded as sent', async () =>
      (await row(failing.forwardId)).status === 'sent' ? true : undefined,
    );
    assert.deepEqual(await row(failing.forwardId), {
      status: 'sent',
      failure_class: 'transient',
      redrives: 1,
      redriving: false,
      sent: true,
    });
    assert.equal((await messaging.inbox.messages({ channel: 'email', to: failing.email })).length, 1);
    // Sent now: never re-driven again, nor queued again as a lost job.
    assert.equal(await sweep.redrive(), 0);
    const lost = await messaging.app.get(ForwardsRepository).queuedBefore(new Date(Date.now() + 60_000));
    assert.equal(
      lost.some((job) => job.forwardId === failing.forwardId),
      false,
    );
    assert.equal((await row(failing.forwardId)).redrives, 1);

    const statuses: Array<{ status: string }> = await messaging.database.query(
      `SELECT envelope::jsonb -> 'payload' ->> 'status' AS status FROM outbox_event
        WHERE event_type = $1 AND envelope::jsonb -> 'payload' ->> 'forwardId' = $2 ORDER BY status`,
      [deliveryStatusChanged.type, failing.forwardId],
    );
    assert.deepEqual(
      statuses.map((change) => change.status),
      ['failed', 'sent'],
    );
    const [counts] = await messaging.database.query(
      'SELECT success_count, failure_count, email_count FROM mfa_message_count WHERE mfa_id = $1',
      [failing.mfaId],
    );
    assert.deepEqual({ ...counts }, { success_count: 1, failure_count: 0, email_count: 1 });
    const logs: Array<{ log_type: string; message: string }> = await messaging.database.query(
      'SELECT log_type, message FROM message_log WHERE mfa_id = $1 ORDER BY created_at',
      [failing.mfaId],
    );
    assert.deepEqual(
      logs.map((entry) => entry.log_type),
      ['ERROR', 'INFO'],
    );
    assert.match(logs[1]?.message ?? '', /was sent after all/);
    assert.equal(await redrives('started'), before.started + 1);
    assert.equal(await redrives('sent'), before.sent + 1);
  });

  it('never re-drives a forward SendGrid refused as such (400: invalid recipient), also after SendGrid accepted other sends', async () => {
    const email = `refused.${randomBytes(4).toString('hex')}@example.com`;
    const number = `+1415${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    await publishTeam(messaging, number, { email });
    await messaging.inbox.setFault({ provider: 'sendgrid', status: 400, count: 1 });
    const { messageId } = await messaging.app.get(InboundService).receive({
      messageSid: `SM${randomBytes(16).toString('hex')}`,
      from: '+15550001111',
      to: number,
      body: 'Your verification code is 909090',
    });
    const [failed] = await eventually('the forward given up at once', async () => {
      const rows: Array<{ forward_id: string; failure_class: string }> = await messaging.database.query(
        `SELECT forward_id, failure_class FROM forward WHERE message_id = $1 AND status = 'failed'`,
        [messageId],
      );
      return rows.length ? rows : undefined;
    });
    assert.equal(failed?.failure_class, 'permanent');

    const accepted = await queuedEmailForward();
    await forwarding().deliver(accepted.forwardId, 1);
    assert.equal((await row(accepted.forwardId)).status, 'sent');
    assert.equal(await messaging.app.get(ForwardRedriveService).redrive(), 0);
    assert.deepEqual(await row(failed?.forward_id ?? ''), {
      status: 'failed',
      failure_class: 'permanent',
      redrives: 0,
      redriving: false,
      sent: false,
    });
    assert.equal((await messaging.inbox.messages({ channel: 'email', to: email })).length, 0);
  });

  it("queues a re-drive whose job was lost (still running a minute later) again under that re-drive's own job id", async () => {
    const forward = await queuedEmailForward();
    const [ids] = await messaging.database.query(
      `UPDATE forward SET status = 'failed', failure_class = 'transient', failed_at = now() - interval '10 minutes',
              redrives = 2, redriven_at = now() - interval '2 minutes'
        WHERE forward_id = $1 RETURNING message_id, member_id`,
      [forward.forwardId],
    );
    const lost = await messaging.app.get(ForwardsRepository).queuedBefore(new Date(Date.now() - 60_000));
    // Done with it before the app's own sweep queues it.
    await messaging.database.query('UPDATE forward SET redriven_at = NULL WHERE forward_id = $1', [
      forward.forwardId,
    ]);
    assert.deepEqual(
      lost.filter((job) => job.forwardId === forward.forwardId).map((job) => job.jobId),
      [`${ids[0].message_id}_${ids[0].member_id}_EMAIL_redrive2`],
    );
  });
});
