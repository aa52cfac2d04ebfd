import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EmailEntry } from '@multimfa/provider-sandbox';
import { FixedClock, LOGGER } from '@multimfa/service-runtime';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundSmsLog } from '../providers/inbound-sms-log.port.js';
import {
  type MessagingTestApp,
  publishTeam,
  useMessagingTestApp,
} from '../testing/messaging-test-app.harness.js';
import { InboundService } from './inbound.service.js';
import { InboundReconciliationService } from './inbound-reconciliation.service.js';
import { ReconciliationCheckpointsRepository } from './reconciliation-checkpoints.repository.js';

/** One of the sandbox account's own numbers: Twilio logs texts only to those. */
const NUMBER = '+14155550123';

describe("texts whose webhook never reached messaging, recovered from Twilio's log (real PostgreSQL, Redis, Kafka; Twilio and SendGrid in the sandbox)", () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** Texts the comparisons handed to `InboundService.receive` (each a transaction). */
  let received = 0;

  /** The comparison as a replica whose clock stands 20 s ahead runs it (past the webhook's grace). */
  const reconcileSoon = () => {
    const inbound = messaging.app.get(InboundService);
    const counting = Object.create(inbound, {
      receive: {
        value: (...args: Parameters<InboundService['receive']>) => {
          received += 1;
          return inbound.receive(...args);
        },
      },
    }) as InboundService;
    return new InboundReconciliationService(
      messaging.app.get(InboundSmsLog),
      counting,
      messaging.app.get(ReconciliationCheckpointsRepository),
      new FixedClock(new Date(Date.now() + 20_000)),
      messaging.app.get(LOGGER),
    ).reconcile();
  };

  const storedSids = async (sids: string[]) =>
    (
      await messaging.database.query(
        'SELECT message_sid, count(*)::int AS n FROM inbound_message WHERE message_sid = ANY($1) GROUP BY message_sid',
        [sids],
      )
    ).map((row: { message_sid: string; n: number }) => [row.message_sid, row.n]);

  it('stores (in the order they came) and forwards once each text Twilio received while messaging was stopped, and nothing twice (nor a transaction per stored text) when compared again', async () => {
    const email = `recovered.${randomBytes(3).toString('hex')}@example.com`;
    await publishTeam(messaging, NUMBER, { email });

    await messaging.stop();
    const codes = ['510001', '510002', '510003', '510004', '510005'];
    const sids: string[] = [];
    for (const code of codes) {
      const sent = await messaging.inbox.sendInboundSms({
        from: '+15550003333',
        to: NUMBER,
        body: `Your verification code is ${code}`,
      });
      expect(sent.webhook.ok).toBe(false);
      sids.push(sent.message.sid);
    }
    await messaging.start();
    expect(await storedSids(sids)).toStrictEqual([]);

    expect(await reconcileSoon()).toBe(codes.length);
    expect(received).toBe(codes.length);

    expect((await storedSids(sids)).sort()).toStrictEqual(sids.map((sid) => [sid, 1]).sort());
    const stored = await messaging.database.query(
      'SELECT message_sid FROM inbound_message WHERE message_sid = ANY($1) ORDER BY feed_position',
      [sids],
    );
    expect(stored.map((row: { message_sid: string }) => row.message_sid)).toStrictEqual(sids);
    const mails = await eventually('every recovered code e-mailed', async () => {
      const found = (await messaging.inbox.messages({ channel: 'email', to: email })) as EmailEntry[];
      return found.length >= codes.length ? found : undefined;
    });
    for (const code of codes) {
      expect(mails.filter((mail) => (mail.text ?? '').includes(code))).toHaveLength(1);
    }
    // Compared again, the texts now stored cost one read, not a transaction each.
    expect(await reconcileSoon()).toBe(0);
    expect(received).toBe(codes.length);
    await eventually('every forward recorded as sent', async () => {
      const [row] = await messaging.database.query(
        `SELECT count(*)::int AS n FROM forward f JOIN inbound_message m USING (message_id)
          WHERE m.message_sid = ANY($1) AND f.sent_at IS NOT NULL`,
        [sids],
      );
      return row.n === codes.length ? true : undefined;
    });
    expect(await messaging.inbox.messages({ channel: 'email', to: email })).toHaveLength(codes.length);
  });
});
