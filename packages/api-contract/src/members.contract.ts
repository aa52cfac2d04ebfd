import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';
import { personNameField } from './person-name.schema.js';
import { multiMfaSchema } from './purchase.contract.js';

/**
 * A MultiMFA's detail page and its members (customer-area sections 2 MultiMFA detail, 3 Member,
 * 4 session actions for members, 5 Add member and Capacity, 7): every id is checked against the
 * signed-in customer (another customer's answers 404), and seats are counted on the server.
 */

export const forwardMediumSchema = z.enum(['EMAIL', 'MOBILE_NUMBER', 'BOTH']);
export type ForwardMedium = z.infer<typeof forwardMediumSchema>;

export const memberStatusSchema = z.enum(['AWAITING_INVITE', 'INVITE_SENT', 'VERIFIED']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/** Seats a member takes: 2 with BOTH, else 1 (customer-area section 5 Capacity). */
export const seatsOf = (medium: ForwardMedium): number => (medium === 'BOTH' ? 2 : 1);

export const memberSchema = z
  .object({
    memberId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** E.164, empty when codes do not go to a mobile. */
    mobileNo: z.string(),
    /** Lower case, empty when codes do not go by e-mail. */
    email: z.string(),
    forwardMedium: forwardMediumSchema,
    status: memberStatusSchema,
    isVerified: z.boolean(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

const MEDIUM_MESSAGES = {
  EMAIL: 'Please provide email address',
  MOBILE_NUMBER: 'Please provide mobile number',
  BOTH: 'Please provide both email address and mobile number',
} as const;

const memberShape = {
  /** Names go into the invitation SMS: the customers' name rule, within the 50 characters stored. */
  firstName: personNameField('First name', 50),
  lastName: personNameField('Last name', 50),
  forwardMedium: z.enum(forwardMediumSchema.options, { error: 'Please select forward method' }),
  /** Required with MOBILE_NUMBER or BOTH; any format libphonenumber reads as international. */
  mobileNo: z.string().trim().max(32).default(''),
  /** Required with EMAIL or BOTH. */
  email: z.string().trim().toLowerCase().max(254).default(''),
};

/** The spec's messages for a destination the chosen medium needs but is missing or malformed. */
function mediumRules(
  value: { forwardMedium: ForwardMedium; mobileNo: string; email: string },
  ctx: z.RefinementCtx,
): void {
  const wantsEmail = value.forwardMedium !== 'MOBILE_NUMBER';
  const wantsMobile = value.forwardMedium !== 'EMAIL';
  if ((wantsEmail && !value.email) || (wantsMobile && !value.mobileNo)) {
    ctx.addIssue({
      code: 'custom',
      path: [wantsEmail && !value.email ? 'email' : 'mobileNo'],
      message: MEDIUM_MESSAGES[value.forwardMedium],
    });
    return;
  }
  if (wantsEmail && !z.email().safeParse(value.email).success) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please provide a valid email address' });
  }
}

/** A new member as numbers receives it (the MultiMFA is in the path). */
export const memberFields = z.object(memberShape).superRefine(mediumRules).meta({ id: 'MemberFields' });
export type MemberFields = z.output<typeof memberFields>;

export const addMemberBody = z
  .object({ ...memberShape, multiMFAId: z.uuid({ error: 'MFA not found' }) })
  .superRefine(mediumRules)
  .meta({ id: 'AddMemberBody' });

const multiMfaIdBody = z.object({ multiMFAId: z.uuid({ error: 'MFA not found' }) });

/** A MultiMFA with its members, as the detail page shows it. */
export const multiMfaDetailsSchema = multiMfaSchema
  .extend({ Members: z.array(memberSchema) })
  .meta({ id: 'MultiMFADetails' });
export type MultiMfaDetails = z.infer<typeof multiMfaDetailsSchema>;

export const saveMfaBody = z
  .object({
    multiMFAId: z.uuid({ error: 'MFA not found' }),
    name: z.string().trim().min(1, 'Please provide a name').max(100),
    description: z.string().trim().max(1000).default(''),
    autoRenewal: z.boolean(),
  })
  .meta({ id: 'SaveMfaBody' });

export const mfaDetails = endpoint({
  operationId: 'mfaDetails',
  method: 'POST',
  path: '/api/plan/mfa-details',
  summary: 'One of the caller’s MultiMFAs with its members (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  body: multiMfaIdBody.meta({ id: 'MultiMfaIdBody' }),
  response: envelope(multiMfaDetailsSchema),
});

export const saveMfa = endpoint({
  operationId: 'saveMfa',
  method: 'POST',
  path: '/api/plan/save',
  summary: 'Changes the name, description and auto-renewal of one of the caller’s MultiMFAs',
  tag: 'plan',
  access: 'user',
  body: saveMfaBody,
  response: envelope(
    z.object({
      MFA: multiMfaDetailsSchema,
      nextPaymentDate: z.iso.datetime(),
      isSubscriptionActive: z.boolean(),
    }),
  ),
});

export const addMember = endpoint({
  operationId: 'addMember',
  method: 'POST',
  path: '/api/plan/add-member',
  summary:
    'Adds a member to one of the caller’s MultiMFAs; refused with 409 when the plan’s seats would be exceeded (BOTH takes 2)',
  tag: 'plan',
  access: 'verified',
  body: addMemberBody,
  response: envelope(z.object({ dbMember: memberSchema })),
});

export const memberParams = z.object({ memberId: z.uuid({ error: 'Member not found' }) });

export const deleteMember = endpoint({
  operationId: 'deleteMember',
  method: 'DELETE',
  path: '/api/plan/member/:memberId',
  summary: 'Removes a member of one of the caller’s MultiMFAs (irreversible)',
  tag: 'plan',
  access: 'user',
  params: memberParams,
  response: envelope(z.null()),
});

export const membersEndpoints = [mfaDetails, saveMfa, addMember, deleteMember] as const;

// ---- invitations --------------------------------------------------------------------------------

/** What the invitation screen shows of a token (customer-area section 3 Invitation token record). */
export const invitationSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    mobileNo: z.string(),
    event: z.literal('MEMBER_VERIFICATION'),
    isVerified: z.boolean(),
    /** Beyond the documented record: who invites, to which team, and how the codes will come. */
    teamName: z.string(),
    /** The team's number; null while the MultiMFA waits for one. */
    teamNumber: z.string().nullable(),
    /** The owner's first and last name; null when identity does not know them. */
    inviterName: z.string().nullable(),
    forwardMedium: forwardMediumSchema,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** An invitation token as the link carries it. */
export const invitationTokenSchema = z.string().trim().min(1, 'Please provide the token').max(100);

export const requestActivation = endpoint({
  operationId: 'requestActivation',
  method: 'POST',
  path: '/api/plan/request-activation',
  summary:
    'Sends a member of one of the caller’s MultiMFAs an invitation (a link valid 7 days, single use); the member becomes INVITE_SENT. At most 3 a member, 30 a MultiMFA and 60 a customer in 24 hours',
  tag: 'plan',
  access: 'user',
  otherAnswers: {
    '429':
      'A daily limit of invitations is reached (MEMBER_INVITATIONS_EXCEEDED, MFA_INVITATIONS_EXCEEDED, CUSTOMER_INVITATIONS_EXCEEDED): nothing is sent',
  },
  body: z
    .object({
      memberId: z.uuid({ error: 'Member not found' }),
      /** Sent by the documented client; the member's stored values are used. */
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      mobileNo: z.string().optional(),
    })
    .meta({ id: 'RequestActivationBody' }),
  response: envelope(z.object({ dbMember: memberSchema })),
});

export const invitationByToken = endpoint({
  operationId: 'invitationByToken',
  method: 'GET',
  path: '/api/plan/token/:token',
  summary:
    'The invitation of a token; 404 when it is unknown, expired or rejected (rate limited per address)',
  tag: 'plan',
  access: 'public',
  params: z.object({ token: invitationTokenSchema }),
  response: envelope(invitationSchema),
});

export const activateMember = endpoint({
  operationId: 'activateMember',
  method: 'POST',
  path: '/api/plan/activate-member',
  summary: 'Accepts an invitation: the member becomes VERIFIED (single use; rate limited per address)',
  tag: 'plan',
  access: 'public',
  body: z
    .object({
      token: invitationTokenSchema,
      /** Sent by the documented client; ignored. */
      hashCode: z.string().optional(),
    })
    .meta({ id: 'ActivateMemberBody' }),
  response: envelope(z.null()),
});

export const rejectInvitation = endpoint({
  operationId: 'rejectInvitation',
  method: 'PATCH',
  path: '/api/plan/reject-invitation',
  summary: 'Rejects an invitation (its id from the token lookup); the owner is to be told',
  tag: 'plan',
  access: 'public',
  body: z.object({ id: z.uuid({ error: 'Invitation not found' }) }).meta({ id: 'RejectInvitationBody' }),
  response: envelope(z.null()),
});

export const invitationEndpoints = [
  requestActivation,
  invitationByToken,
  activateMember,
  rejectInvitation,
] as const;
