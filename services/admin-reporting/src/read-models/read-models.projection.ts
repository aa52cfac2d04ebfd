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
import { ReportMessagesRepository } from './report-messages.repository.js';
import { type MemberState, type MfaState, ReportMfasRepository } from './report-mfas.repository.js';
import { ReportUsersRepository } from './report-users.repository.js';

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

const users = new ReportUsersRepository();
/** Every write of a row that names an MFA, and its deletion, take the MFA's lock first (`mfas.lock`). */
const mfas = new ReportMfasRepository();
const messages = new ReportMessagesRepository();

async function upsertMfa(
  manager: EntityManager,
  mfa: MfaState,
  createdAt: string | null,
  occurredAt: string,
): Promise<void> {
  await mfas.lock(manager, mfa.mfaId);
  await mfas.upsert(manager, mfa, createdAt, occurredAt);
}

async function upsertMember(manager: EntityManager, member: MemberState, at: string): Promise<void> {
  await mfas.lock(manager, member.mfaId);
  await mfas.upsertMember(manager, member, at);
}

/**
 * How each event changes the read models. Every change is written so that applying an event's effect
 * in the order of its own topic gives the same tables whatever the order between topics (an MFA's
 * number may be assigned before its creation reaches us; a deleted MFA stays deleted). The live
 * consumers and the rebuild command apply events through this one list.
 */
export const projection: readonly Handler[] = [
  on(userRegistered, (manager, user, occurredAt) => users.insert(manager, user, occurredAt)),
  on(emailVerified, (manager, { userId }) => users.markVerified(manager, userId)),
  on(profileUpdated, (manager, profile) => users.updateProfile(manager, profile)),
  on(mfaCreated, (manager, mfa, occurredAt) => upsertMfa(manager, mfa, mfa.createdAt, occurredAt)),
  on(mfaUpdated, (manager, mfa, occurredAt) => upsertMfa(manager, mfa, null, occurredAt)),
  on(mfaDeleted, async (manager, { mfaId, deletedAt }) => {
    await mfas.lock(manager, mfaId);
    await mfas.delete(manager, mfaId, deletedAt);
  }),
  on(numberAssigned, async (manager, assignment) => {
    await mfas.lock(manager, assignment.mfaId);
    await mfas.assignNumber(manager, assignment);
  }),
  on(memberAdded, (manager, member) => upsertMember(manager, member, member.addedAt)),
  on(memberVerified, (manager, member) => upsertMember(manager, member, member.verifiedAt)),
  on(memberRemoved, (manager, { memberId }) => mfas.removeMember(manager, memberId)),
  on(botCreated, async (manager, bot) => {
    await mfas.lock(manager, bot.mfaId);
    await mfas.insertBot(manager, bot);
  }),
  on(botRemoved, (manager, { botId }) => mfas.removeBot(manager, botId)),
  // Messages and logs are history: they stay when their MFA is deleted (the lists join live MFAs).
  on(messageReceived, (manager, message) => messages.countOnDay(manager, 'IN', message.receivedAt)),
  on(forwardSent, async (manager, forward) => {
    // A forward counts once towards sms/email however often its sending is told.
    if (await messages.recordSent(manager, forward))
      await messages.countOnDay(manager, forward.medium, forward.sentAt);
  }),
  on(deliveryStatusChanged, async (manager, change) => {
    if (change.status !== 'failed') return;
    await messages.recordFailed(manager, change);
  }),
  on(logEntryWritten, (manager, entry) => messages.insertLog(manager, entry)),
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
