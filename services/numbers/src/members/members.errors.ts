import { DomainError, NotFoundError } from '@multimfa/service-runtime';
import { INVITATION_LIMITS, type InvitationScope } from './invitation-limits.rules.js';

/** One code and status per refusal of the members, wherever it is found. */
export const memberNotFound = () => new NotFoundError('Member not found', 'MEMBER_NOT_FOUND');

export const seatsExceeded = () => new DomainError('SEATS_EXCEEDED', 'Please Update your Plan', 409);

export const invalidMobile = () =>
  new DomainError('INVALID_MOBILE_NUMBER', 'Please provide a valid mobile number, such as +12125551212', 400);

export const invitationNotFound = () =>
  new NotFoundError(
    'The token which you have entered may have been expired or deleted.',
    'INVITATION_NOT_FOUND',
  );

export const alreadyAccepted = () =>
  new DomainError('INVITATION_ACCEPTED', 'You have already accepted the invitation.', 409);

export const memberAlreadyVerified = () =>
  new DomainError('MEMBER_VERIFIED', 'This member has already accepted an invitation', 409);

const LIMIT_REFUSALS: Record<InvitationScope, { code: string; message: string }> = {
  member: {
    code: 'MEMBER_INVITATIONS_EXCEEDED',
    message: `This member was already invited ${INVITATION_LIMITS.perMember} times in the last 24 hours. Please try again tomorrow.`,
  },
  mfa: {
    code: 'MFA_INVITATIONS_EXCEEDED',
    message: `This MultiMFA already sent ${INVITATION_LIMITS.perMfa} invitations in the last 24 hours. Please try again tomorrow.`,
  },
  customer: {
    code: 'CUSTOMER_INVITATIONS_EXCEEDED',
    message: `You already sent ${INVITATION_LIMITS.perCustomer} invitations in the last 24 hours. Please try again tomorrow.`,
  },
};

/** One more invitation would exceed a daily limit: nothing is sent. */
export const invitationsExceeded = (scope: InvitationScope) =>
  new DomainError(LIMIT_REFUSALS[scope].code, LIMIT_REFUSALS[scope].message, 429);
