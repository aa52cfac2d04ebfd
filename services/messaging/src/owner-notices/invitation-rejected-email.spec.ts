import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import type { EntityManager } from 'typeorm';
import type { DirectoryRepository, MfaView } from '../directory/directory.repository.js';
import { EmailComposers } from '../email/email.composers.js';
import type { EmailsRepository, EmailToSend, QueuedEmail } from '../email/emails.repository.js';
import { EmailsService } from '../email/emails.service.js';
import type { EmailSender, OutgoingEmail } from '../providers/email-sender.port.js';
import type { EmailQueue } from '../queue/email.queue.js';
import type { SendEmailJob } from '../queue/queues.constants.js';
import type {
  InvitationRejectionNotice,
  InvitationRejectionNoticesRepository,
} from './invitation-rejection-notices.repository.js';
import { OwnerNoticeEmails } from './owner-notice-emails.service.js';
import { OwnerNoticesService } from './owner-notices.service.js';
import type { UserContact, UserContactsRepository } from './user-contacts.repository.js';

const ownerId = randomUUID();
const mfaId = randomUUID();
const manager = {} as EntityManager;

function setUp(owner: UserContact | undefined) {
  const rows = new Map<string, EmailToSend>();
  const rejections = new Map<string, InvitationRejectionNotice>();
  const sent: OutgoingEmail[] = [];
  const queued: SendEmailJob[] = [];
  const sentAt: Date[] = [];
  const clock = new FixedClock(new Date('2026-06-01T09:00:00Z'));
  const emails = {
    insertQueued: async (_manager: EntityManager, email: QueuedEmail) => {
      if (rows.has(email.emailId)) return false;
      rows.set(email.emailId, { ...email, status: 'QUEUED' });
      return true;
    },
    find: async (emailId: string) => rows.get(emailId),
    markSent: async (_emailId: string, _id: string | null, _attempt: number, at: Date) => {
      sentAt.push(at);
    },
  };
  const mfa: MfaView = {
    mfaId,
    mfaType: 'MultiMFA',
    userId: ownerId,
    subscriptionId: randomUUID(),
    name: 'Finance team',
    number: '+14155550100',
    isSubscriptionActive: true,
    isActive: true,
    numberSince: new Date('2026-01-01T00:00:00Z'),
  };
  const composers = new EmailComposers();
  const emailsService = new EmailsService(
    emails as unknown as EmailsRepository,
    { enqueue: async (job: SendEmailJob) => void queued.push(job) } as EmailQueue,
    {
      send: async (email: OutgoingEmail) => {
        sent.push(email);
        return { providerMessageId: 'sg-1' };
      },
    } as EmailSender,
    composers,
    clock,
    testLogger('messaging'),
  );
  const notices = new OwnerNoticeEmails(
    {
      find: async (_manager: EntityManager, userId: string) => (userId === ownerId ? owner : undefined),
    } as unknown as UserContactsRepository,
    emailsService,
    { webUrl: 'https://app.multimfa.test', sealingKey: '', supportAddress: 'support@multimfa.test' },
    testLogger('messaging'),
  );
  const service = new OwnerNoticesService(
    {
      insert: async (_manager: EntityManager, notice: InvitationRejectionNotice) =>
        void rejections.set(notice.emailId, notice),
      find: async (emailId: string) => rejections.get(emailId),
    } as unknown as InvitationRejectionNoticesRepository,
    {
      mfa: async (_manager: EntityManager, id: string) => (id === mfaId ? mfa : undefined),
    } as unknown as DirectoryRepository,
    notices,
    composers,
  );
  service.onModuleInit();
  return { service, emails: emailsService, rows, sent, queued, sentAt };
}

const rejection = {
  memberId: randomUUID(),
  mfaId,
  userId: ownerId,
  firstName: 'Rita',
  lastName: 'Rejecter',
  mobileNo: '+14155550199',
  email: '',
  forwardMedium: 'MOBILE_NUMBER' as const,
  status: 'INVITE_SENT' as const,
  invitationId: randomUUID(),
  rejectedAt: '2026-06-01T08:59:00Z',
};

describe("the e-mail telling a MultiMFA's owner that a member rejected the invitation", () => {
  it("goes to the owner's address under the event's id once, names the member, where the invitation went and the MultiMFA, and links to the dashboard", async () => {
    const { service, emails, rows, sent, queued, sentAt } = setUp({
      userId: ownerId,
      emailAddress: 'olga@example.com',
      firstName: 'Olga',
      lastName: 'Owner',
    });
    const eventId = randomUUID();
    const enqueue = await service.recordInvitationRejected(manager, eventId, rejection);
    assert.ok(enqueue);
    assert.equal(await service.recordInvitationRejected(manager, eventId, rejection), undefined);
    await enqueue();
    assert.deepEqual(
      queued.map((job) => job.emailId),
      [eventId],
    );
    assert.equal(rows.get(eventId)?.toAddress, 'olga@example.com');
    assert.equal(rows.get(eventId)?.kind, 'INVITATION_REJECTED');

    await emails.deliver(eventId, 1);
    const [email] = sent;
    assert.equal(email?.to.emailAddress, 'olga@example.com');
    assert.equal(email?.subject, 'Rita Rejecter rejected your MultiMFA invitation');
    assert.match(email?.text ?? '', /Hi Olga,/);
    assert.match(
      email?.text ?? '',
      /Rita Rejecter \(\+14155550199\) rejected the invitation to receive the verification codes of your MultiMFA Finance team\./,
    );
    assert.match(email?.text ?? '', /Open MultiMFA: https:\/\/app\.multimfa\.test\/dashboard/);
    assert.match(email?.html ?? '', /Finance team/);
    assert.deepEqual(sentAt, [new Date('2026-06-01T09:00:00Z')]);
  });

  it('records nothing when messaging does not know the owner (an account older than the user topic)', async () => {
    const { service, rows } = setUp(undefined);
    assert.equal(await service.recordInvitationRejected(manager, randomUUID(), rejection), undefined);
    assert.equal(rows.size, 0);
  });
});
