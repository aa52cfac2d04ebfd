/**
 * The numbers service's internal API, as zod schemas: numbers validates what it receives with them,
 * and the gateway imports them (`@multimfa/service-contracts/numbers`) instead of retyping them.
 */

import {
  botReferenceNameField,
  invitationSchema,
  invitationTokenSchema,
  memberFields,
  memberSchema,
  retentionSchema,
  saveMfaBody,
  twilioNumberBody,
  twilioNumberParams,
  twilioNumberSchema,
  twilioNumbersQuery,
  waitingMfaSchema,
} from '@multimfa/api-contract';
import { purchaseCompleted } from '@multimfa/events';
import { z } from 'zod';
import { botKeyHash } from './messaging.contract.js';

// ---- the number pool (administrators) -------------------------------------------------------

/** A number of the pool, in the shape the admin area shows. */
export const poolNumber = twilioNumberSchema;
export type PoolNumber = z.infer<typeof poolNumber>;
export const poolNumbers = z.array(poolNumber);

/** Add or change a number: E.164 number, Twilio SID (`PN` + 32 hex), reference name. */
export const poolNumberRequest = twilioNumberBody;
export type PoolNumberRequest = z.output<typeof poolNumberRequest>;

/** `mobileNo`: digits matched anywhere in the number. */
export const poolSearchQuery = twilioNumbersQuery;
export const poolNumberIdParam = twilioNumberParams.shape.twillioNoId;

export const nothing = z.null();

/** `GET /pool/waiting`: the MFAs waiting for a number of their country, longest first. */
export const waitingMfa = waitingMfaSchema;
export type WaitingMfa = z.infer<typeof waitingMfa>;
export const waitingMfas = z.array(waitingMfa);

// ---- MultiMFAs and RoboMFAs -------------------------------------------------------------------

/** `POST /purchases`: apply a completed purchase (idempotent on purchaseId); answers the MFA. */
export const applyPurchaseRequest = purchaseCompleted.payload;
export type ApplyPurchaseRequest = z.output<typeof applyPurchaseRequest>;

export const mfaKind = z.enum(['MultiMFA', 'RoboMFA']);
export type MfaKind = z.infer<typeof mfaKind>;

/** An MFA as numbers keeps it; the gateway shapes it into the documented MultiMFA or RoboMFA. */
export const mfaRecord = z.object({
  mfaId: z.uuid(),
  MFAType: mfaKind,
  userId: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** E.164, null while no number of its country is free. */
  number: z.string().nullable(),
  country: z.object({ countryId: z.number().int().positive(), name: z.string(), code: z.string() }),
  plan: z.object({
    planId: z.number().int().positive(),
    planName: z.string(),
    basePrice: z.number().nonnegative(),
    noOfUsers: z.number().int().positive(),
  }),
  subscriptionId: z.uuid(),
  autoRenewal: z.boolean(),
  nextPaymentDate: z.iso.datetime(),
  isSubscriptionActive: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** A MultiMFA's members' ids, oldest first (empty for a RoboMFA). */
  memberIds: z.array(z.uuid()),
  /** A RoboMFA's bots' ids, oldest first (empty for a MultiMFA). */
  botIds: z.array(z.uuid()),
});
export type MfaRecord = z.infer<typeof mfaRecord>;
export const mfaRecords = z.array(mfaRecord);

/** `GET /users/:userId/mfas?type=…`: the user's MFAs of one kind (both when absent), newest first. */
export const mfaListQuery = z.object({ type: mfaKind.optional() });

/**
 * `PATCH /users/:userId/mfas/:mfaId`: what the owner changes on a MultiMFA's or a RoboMFA's detail page
 * (`MFAType` must be the MFA's own, else 404); answers the MFA.
 */
export const saveMfaRequest = saveMfaBody.omit({ multiMFAId: true }).extend({ MFAType: mfaKind });
export type SaveMfaRequest = z.output<typeof saveMfaRequest>;

/**
 * `GET` and `PUT /users/:userId/mfas/:mfaId/retention`: days the bodies and codes of the user's MFA's
 * texts are kept (1 to 90); another user's MFA: 404. A change goes to messaging in `numbers.mfa.updated`.
 */
export const retentionRecord = retentionSchema;
export type RetentionRecord = z.output<typeof retentionRecord>;

// ---- members of a MultiMFA ----------------------------------------------------------------------

/** A member as numbers keeps it (mobile in E.164, e-mail lower case, the unused one empty). */
export const memberRecord = memberSchema;
export type MemberRecord = z.infer<typeof memberRecord>;
export const memberRecords = z.array(memberRecord);

/** `POST /users/:userId/mfas/:mfaId/members`: seats checked against the plan; answers the member. */
export const addMemberRequest = memberFields;
export type AddMemberRequest = z.output<typeof addMemberRequest>;

// ---- invitations ---------------------------------------------------------------------------------

/**
 * `POST /invitations/lookup`: the invitation of a token, with the owner's id (the gateway asks identity
 * for the inviter's name).
 */
export const invitationRecord = invitationSchema.omit({ inviterName: true }).extend({ ownerId: z.uuid() });
export type InvitationRecord = z.infer<typeof invitationRecord>;

/** `POST /invitations/lookup` and `POST /invitations/accept`: the token in the body, never in a path. */
export const invitationTokenRequest = z.object({ token: invitationTokenSchema });

/** `POST /invitations/:invitationId/reject`. */
export const invitationIdParam = z.uuid({ error: 'Invitation not found' });

// ---- RoboMFA detail and bots --------------------------------------------------------------------

/** A bot as numbers answers it to the RoboMFA's owner, API key included. */
export const botRecord = z.object({
  botId: z.uuid(),
  mfaId: z.uuid(),
  referenceName: z.string(),
  apiKey: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When the bot API last accepted the key (noted at most once a minute); null: never. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type BotRecord = z.infer<typeof botRecord>;

/**
 * `POST /bot-keys/:keyHash/used`: the bot API accepted this key (the gateway tells it at most once a
 * minute per key). `noted`: the bot's last use moved (false: no such key, or noted less than a minute ago).
 */
export const botKeyUse = z.object({ noted: z.boolean() });
export type BotKeyUse = z.infer<typeof botKeyUse>;
/** The key's SHA-256, hex: how the gateway names a key it accepted. */
export { botKeyHash };

/** `GET /users/:userId/robo-mfas/:mfaId`: the user's RoboMFA and its bots, oldest first. */
export const roboMfaDetail = z.object({ mfa: mfaRecord, bots: z.array(botRecord) });
export type RoboMfaDetailRecord = z.infer<typeof roboMfaDetail>;

/** `POST /users/:userId/robo-mfas/:mfaId/bots`. */
export const createBotRequest = z.object({ referenceName: botReferenceNameField });
export type CreateBotRequest = z.output<typeof createBotRequest>;

/** `GET /admin/mfa-counts?type=…`: how many MFAs of the kind each user holds (the admin User Report). */
export const mfaCountsQuery = z.object({ type: mfaKind });
export const mfaCounts = z.array(z.object({ userId: z.uuid(), count: z.number().int().positive() }));
// ---- administrators' MFA commands ---------------------------------------------------------------

/** `DELETE /admin/mfas/:mfaId?type=…`: deletes it (members, bots with it), its number to quarantine. */
export const adminMfaDeleteQuery = z.object({ type: mfaKind });

// ---- seats of destinations ------------------------------------------------------------------------

/**
 * `POST /users/:userId/mfas/:mfaId/seat-checks`: whether the user's MultiMFA has a seat free for one
 * more destination (its members' seats plus its destinations, as messaging's events told numbers,
 * below its plan's seats). 409 SEATS_EXCEEDED when not; another user's: 404.
 */
export const seatCheck = z.object({ free: z.literal(true) });
