/**
 * How many invitations a customer may send: each one is an e-mail or an SMS from our numbers, so
 * they are counted over the last 24 hours (the injected clock's), per member, per MultiMFA and per
 * customer. A member is invited at most 3 times a day; a MultiMFA's 30 cover inviting every member
 * of the largest plan (15 seats) twice; a customer's 60 cover two such MultiMFAs. Deleting and
 * adding members again does not reset the MultiMFA's or the customer's count.
 */
export const INVITATION_LIMITS = {
  perMember: 3,
  perMfa: 30,
  perCustomer: 60,
  windowMs: 24 * 3_600_000,
} as const;

export type InvitationLimits = typeof INVITATION_LIMITS;

/** Invitations sent within the window, by what they are counted against. */
export interface InvitationsSent {
  member: number;
  mfa: number;
  customer: number;
}

export type InvitationScope = keyof InvitationsSent;

/** The limit one more invitation would exceed (the narrowest first), or undefined when it may go. */
export function exceededInvitationLimit(
  sent: InvitationsSent,
  limits: InvitationLimits = INVITATION_LIMITS,
): InvitationScope | undefined {
  if (sent.member >= limits.perMember) return 'member';
  if (sent.mfa >= limits.perMfa) return 'mfa';
  if (sent.customer >= limits.perCustomer) return 'customer';
  return undefined;
}
