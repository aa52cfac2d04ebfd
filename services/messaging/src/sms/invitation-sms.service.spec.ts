import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock, Metrics } from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import type { SmsSender } from '../providers/sms-sender.port.js';
import type { SendSmsJob } from '../queue/queues.constants.js';
import type { SmsQueue } from '../queue/sms.queue.js';
import type { InvitationDetailsRepository } from './invitation-details.repository.js';
import {
  type InvitationSmsContent,
  InvitationSmsService,
  renderInvitationSms,
  smsSegments,
} from './invitation-sms.service.js';
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
      {} as InvitationDetailsRepository,
      queue,
      {} as SmsSender,
      {} as SmsSettings,
      clock,
      testLogger('messaging'),
      new Metrics('messaging'),
    );

    assert.equal(await service.requeueLost(60_000), 2);
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
  const token = 'AbC-dEf_0123456789abcdefghijklmnopqrstuvwxy';
  const content: InvitationSmsContent = {
    firstName: 'Ivy',
    token,
    expiresAt: '2026-03-08T12:00:00Z',
    teamName: 'Acme Ops',
    teamNumber: '+15551234567',
    inviterName: 'Olivia Owner',
    forwardMedium: 'MOBILE_NUMBER',
  };
  const render = (changes: Partial<InvitationSmsContent> = {}) =>
    renderInvitationSms({ ...content, ...changes }, 'https://multimfa.example.com/', now);

  it('names the inviter, the team, its number and how the codes come, with the link and its validity', () => {
    assert.equal(
      render(),
      `Hi Ivy, Olivia Owner invites you to the MultiMFA team Acme Ops: codes texted to +15551234567 will reach you by SMS. Accept or reject: https://multimfa.example.com/activation/${token} (valid 7 days)`,
    );
    assert.match(render({ forwardMedium: 'BOTH' }), /will reach you by SMS and e-mail\./);
  });

  it('leaves out names that read as a link (member, inviter or team): our numbers never text them', () => {
    const text = render({
      firstName: 'Verify at evil.example',
      inviterName: 'www.evil.example',
      teamName: 'Go to evil.example',
    });
    assert.equal(
      text,
      `Hi, you are invited to a MultiMFA team: codes texted to +15551234567 will reach you by SMS. Accept or reject: https://multimfa.example.com/activation/${token} (valid 7 days)`,
    );
    assert.ok(!render({ teamName: 'https://evil' }).includes('evil'));
  });

  it('stays within two segments with the longest names, shedding names outside GSM that would need a third', () => {
    const long = 'Abcdefghijklmnopqrstuvwxyzabcd';
    const gsm = render({
      firstName: long,
      inviterName: `${long.slice(0, 14)} ${long.slice(0, 15)}`,
      teamName: long,
    });
    assert.ok(gsm.includes(`the MultiMFA team ${long}`), gsm);
    assert.ok(smsSegments(gsm) <= 2, `${smsSegments(gsm)} segments: ${gsm}`);
    const cyrillic = render({ firstName: 'Анастасия', inviterName: 'Ольга Петрова', teamName: 'Команда' });
    assert.ok(smsSegments(cyrillic) <= 2, `${smsSegments(cyrillic)} segments: ${cyrillic}`);
    assert.ok(cyrillic.includes(token), cyrillic);
  });

  it('counts segments as GSM 03.38 does: 160 then 153 a part, 70 then 67 outside its alphabet', () => {
    assert.equal(smsSegments('a'.repeat(160)), 1);
    assert.equal(smsSegments('a'.repeat(161)), 2);
    assert.equal(smsSegments('a'.repeat(306)), 2);
    assert.equal(smsSegments('a'.repeat(307)), 3);
    assert.equal(smsSegments('ж'.repeat(70)), 1);
    assert.equal(smsSegments('ж'.repeat(134)), 2);
    assert.equal(smsSegments('ж'.repeat(135)), 3);
  });
});
