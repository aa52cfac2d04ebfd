import {
  botCreated,
  botRemoved,
  deliveryStatusChanged,
  type EventDefinition,
  emailVerified,
  forwardSent,
  logEntryWritten,
  memberAdded,
  memberRemoved,
  memberVerified,
  messageReceived,
  mfaCreated,
  mfaDeleted,
  mfaUpdated,
  numberAssigned,
  type PayloadOf,
  profileUpdated,
  userRegistered,
} from '@multimfa/events';
import type { EntityManager } from 'typeorm';

/** `occurredAt`: when the fact happened, from the event's envelope (never the time it is applied). */
type Apply<D extends EventDefinition> = (
  manager: EntityManager,
  payload: PayloadOf<D>,
  occurredAt: string,
) => Promise<void>;

interface Handler<D extends EventDefinition = EventDefinition> {
  definition: D;
  apply: Apply<D>;
}

const on = <D extends EventDefinition>(definition: D, apply: Apply<D>): Handler =>
  ({ definition, apply }) as unknown as Handler;

type MfaState = PayloadOf<typeof mfaCreated> | PayloadOf<typeof mfaUpdated>;
type MemberState = PayloadOf<typeof memberAdded> | PayloadOf<typeof memberVerified>;

/**
 * Holds the MFA until the transaction ends. Its deletion and every row that names it take this lock
 * first, so neither misses the other: without it, an assignment read on one topic while the deletion
 * is applied from another finds no deletion yet, and the deletion finds no assignment to remove.
 * It is a statement of its own: a statement that waited for it inside would keep the snapshot it
 * started with and still not see the deletion.
 */
async function lockMfa(manager: EntityManager, mfaId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`report-mfa:${mfaId}`]);
}

/** The MFA as its latest event describes it (created and updated carry the whole state). */
async function upsertMfa(
  manager: EntityManager,
  mfa: MfaState,
  createdAt: string | null,
  occurredAt: string,
): Promise<void> {
  await lockMfa(manager, mfa.mfaId);
  await manager.query(
    `INSERT INTO report_mfa (mfa_id, mfa_type, user_id, name, plan_id, plan_name, number, is_active,
                             is_subscription_active, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, $11::timestamptz)
      WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $1)
     ON CONFLICT (mfa_id) DO UPDATE SET
       name = EXCLUDED.name, plan_id = EXCLUDED.plan_id, plan_name = EXCLUDED.plan_name,
       number = COALESCE(EXCLUDED.number, report_mfa.number), is_active = EXCLUDED.is_active,
       is_subscription_active = EXCLUDED.is_subscription_active,
       created_at = CASE WHEN $10::timestamptz IS NULL THEN report_mfa.created_at ELSE EXCLUDED.created_at END`,
    [
      mfa.mfaId,
      mfa.MFAType,
      mfa.userId,
      mfa.name,
      mfa.plan.planId,
      mfa.plan.planName,
      mfa.number,
      mfa.isActive,
      mfa.isSubscriptionActive,
      createdAt,
      occurredAt,
    ],
  );
}

async function upsertMember(manager: EntityManager, member: MemberState, at: string): Promise<void> {
  await lockMfa(manager, member.mfaId);
  await manager.query(
    `INSERT INTO report_member (member_id, mfa_id, user_id, first_name, last_name, mobile_no, email,
                                forward_medium, status, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
      WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $2)
     ON CONFLICT (member_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, mobile_no = EXCLUDED.mobile_no,
       email = EXCLUDED.email, forward_medium = EXCLUDED.forward_medium, status = EXCLUDED.status`,
    [
      member.memberId,
      member.mfaId,
      member.userId,
      member.firstName,
      member.lastName,
      member.mobileNo,
      member.email,
      member.forwardMedium,
      member.status,
      at,
    ],
  );
}

/** One more in a day's count of `channel` (the UTC day of `at`). */
async function countOnDay(manager: EntityManager, channel: 'SMS' | 'EMAIL' | 'IN', at: string) {
  await manager.query(
    `INSERT INTO message_count (day, channel, count) VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $2, 1)
     ON CONFLICT (day, channel) DO UPDATE SET count = message_count.count + 1`,
    [at, channel],
  );
}

/**
 * How each event changes the read models. Every change is written so that applying an event's effect
 * in the order of its own topic gives the same tables whatever the order between topics (an MFA's
 * number may be assigned before its creation reaches us; a deleted MFA stays deleted). The live
 * consumers and the rebuild command apply events through this one list.
 */
export const projection: readonly Handler[] = [
  on(userRegistered, async (manager, user, occurredAt) => {
    await manager.query(
      `INSERT INTO report_user (user_id, email_address, first_name, last_name, mobile_no, user_type,
                                is_verified, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO NOTHING`,
      [
        user.userId,
        user.emailAddress,
        user.firstName,
        user.lastName,
        user.mobileNo,
        user.userType,
        user.isVerified,
        occurredAt,
      ],
    );
  }),
  on(emailVerified, async (manager, { userId }) => {
    await manager.query('UPDATE report_user SET is_verified = true WHERE user_id = $1', [userId]);
  }),
  on(profileUpdated, async (manager, profile) => {
    await manager.query(
      'UPDATE report_user SET first_name = $2, last_name = $3, mobile_no = $4 WHERE user_id = $1',
      [profile.userId, profile.firstName, profile.lastName, profile.mobileNo],
    );
  }),
  on(mfaCreated, (manager, mfa, occurredAt) => upsertMfa(manager, mfa, mfa.createdAt, occurredAt)),
  on(mfaUpdated, (manager, mfa, occurredAt) => upsertMfa(manager, mfa, null, occurredAt)),
  on(mfaDeleted, async (manager, { mfaId, deletedAt }) => {
    await lockMfa(manager, mfaId);
    await manager.query(
      'INSERT INTO report_deleted_mfa (mfa_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [mfaId, deletedAt],
    );
    for (const table of ['report_mfa', 'report_number_assignment', 'report_member', 'report_bot'])
      await manager.query(`DELETE FROM ${table} WHERE mfa_id = $1`, [mfaId]);
  }),
  on(numberAssigned, async (manager, assignment) => {
    await lockMfa(manager, assignment.mfaId);
    await manager.query(
      `INSERT INTO report_number_assignment (mfa_id, number, assigned_at)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $1)
       ON CONFLICT (mfa_id) DO UPDATE SET number = EXCLUDED.number, assigned_at = EXCLUDED.assigned_at`,
      [assignment.mfaId, assignment.number, assignment.assignedAt],
    );
  }),
  on(memberAdded, (manager, member) => upsertMember(manager, member, member.addedAt)),
  on(memberVerified, (manager, member) => upsertMember(manager, member, member.verifiedAt)),
  on(memberRemoved, async (manager, { memberId }) => {
    await manager.query('DELETE FROM report_member WHERE member_id = $1', [memberId]);
  }),
  on(botCreated, async (manager, bot) => {
    await lockMfa(manager, bot.mfaId);
    await manager.query(
      `INSERT INTO report_bot (bot_id, mfa_id, user_id, reference_name, is_active, created_at)
       SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $2)
       ON CONFLICT (bot_id) DO NOTHING`,
      [bot.botId, bot.mfaId, bot.userId, bot.referenceName, bot.isActive, bot.createdAt],
    );
  }),
  on(botRemoved, async (manager, { botId }) => {
    await manager.query('DELETE FROM report_bot WHERE bot_id = $1', [botId]);
  }),
  // Messages and logs are history: they stay when their MFA is deleted (the lists join live MFAs).
  on(messageReceived, (manager, message) => countOnDay(manager, 'IN', message.receivedAt)),
  on(forwardSent, async (manager, forward) => {
    // A forward counts once towards sms/email however often its sending is told.
    const first: unknown[] = await manager.query(
      `INSERT INTO report_forward (forward_id, mfa_id, medium, sent_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (forward_id) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE report_forward.sent_at IS NULL
       RETURNING forward_id`,
      [forward.forwardId, forward.mfaId, forward.medium, forward.sentAt],
    );
    if (first.length) await countOnDay(manager, forward.medium, forward.sentAt);
  }),
  on(deliveryStatusChanged, async (manager, change) => {
    if (change.status !== 'failed') return;
    await manager.query(
      `INSERT INTO report_forward (forward_id, mfa_id, medium, failed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (forward_id) DO UPDATE SET failed_at = EXCLUDED.failed_at WHERE report_forward.failed_at IS NULL`,
      [change.forwardId, change.mfaId, change.medium, change.changedAt],
    );
  }),
  on(logEntryWritten, async (manager, entry) => {
    await manager.query(
      `INSERT INTO report_log (log_id, mfa_id, user_id, log_type, mobile_no, message, members, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (log_id) DO NOTHING`,
      [
        entry.logId,
        entry.mfaId,
        entry.userId,
        entry.logType,
        entry.mobileNo,
        entry.message,
        JSON.stringify(entry.members),
        entry.createdAt,
      ],
    );
  }),
];

const byKey = new Map(projection.map((handler) => [handlerId(handler.definition), handler]));

function handlerId(definition: Pick<EventDefinition, 'type' | 'version'>): string {
  return `${definition.type}@${definition.version}`;
}

/** Applies one event (its payload already checked against its schema) in the caller's transaction. */
export async function applyEvent(
  manager: EntityManager,
  event: { type: string; version: number; payload: unknown; occurredAt: string },
): Promise<boolean> {
  const handler = byKey.get(handlerId(event));
  if (!handler) return false;
  await handler.apply(manager, event.payload as never, event.occurredAt);
  return true;
}

/** The topics the read models are built from. */
export const projectedTopics = [...new Set(projection.map((handler) => handler.definition.topic.name))];
