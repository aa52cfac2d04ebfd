import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import type { SmsSender } from '../providers/sms-sender.port.js';
import type { SendSmsJob } from '../queue/queues.constants.js';
import type { SmsQueue } from '../queue/sms.queue.js';
import { InvitationSmsService } from './invitation-sms.service.js';
import type { OutboundSmsRepository } from './outbound-sms.repository.js';
import type { SmsSettings } from './sms.settings.js';

describe('the sweep for invitation SMS whose job was lost', () => {
  it('asks for the rows QUEUED more than a minute before the clock and queues each again under its own id', async () => {
    const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
    const asked: Date[] = [];
    const repository = {
      queuedBefore: async (olderThan: Date) => {
        asked.push(olderThan);
        return [
          { smsId: '0b8a4c1e-1111-4c1e-9d1e-000000000001', correlationId: 'req-1' },
          { smsId: '0b8a4c1e-1111-4c1e-9d1e-000000000002', correlationId: null },
        ];
      },
    } as unknown as OutboundSmsRepository;
    const queued: SendSmsJob[] = [];
    const queue: SmsQueue = {
      enqueue: async (job) => {
        queued.push(job);
      },
    };
    const service = new InvitationSmsService(
      repository,
      queue,
      {} as SmsSender,
      {} as SmsSettings,
      clock,
      testLogger('messaging'),
    );

    assert.equal(await service.requeueLost(), 2);
    assert.deepEqual(asked, [new Date('2026-03-01T11:59:00Z')]);
    assert.deepEqual(queued, [
      { smsId: '0b8a4c1e-1111-4c1e-9d1e-000000000001', correlationId: 'req-1' },
      {
        smsId: '0b8a4c1e-1111-4c1e-9d1e-000000000002',
        correlationId: '0b8a4c1e-1111-4c1e-9d1e-000000000002',
      },
    ]);
  });
});
