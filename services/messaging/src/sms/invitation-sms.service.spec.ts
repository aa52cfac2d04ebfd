import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock, Metrics } from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import type { SmsSender } from '../providers/sms-sender.port.js';
import type { SendSmsJob } from '../queue/queues.constants.js';
import type { SmsQueue } from '../queue/sms.queue.js';
import { InvitationSmsService, renderInvitationSms } from './invitation-sms.service.js';
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
      new Metrics('messaging'),
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

describe('the invitation SMS', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const render = (firstName: string) =>
    renderInvitationSms(
      { firstName, token: 'tok', expiresAt: '2026-03-08T12:00:00Z' },
      'https://multimfa.example.com/',
      now,
    );

  it('greets the member by a first name that follows the name rule, with the link and its validity', () => {
    assert.equal(
      render('Ivy'),
      "Hi Ivy, you are invited to receive a MultiMFA team's verification codes on this number. Accept or reject: https://multimfa.example.com/activation/tok (valid 7 days)",
    );
  });

  it('leaves out a first name stored before the rule that reads as a link: our numbers never text it', () => {
    const text = render('Verify at evil.example');
    assert.ok(text.startsWith('Hi, you are invited'), text);
    assert.ok(!text.includes('evil.example'), text);
  });
});
