import 'express-session';

export type UserRole = 'ADMIN' | 'CUSTOMER';

export interface SessionUser {
  userId: string;
  role: UserRole;
}

/** A Google identity this browser just proved (through the OAuth flow), not yet an account. */
export interface GoogleIdentity {
  subject: string;
  emailAddress: string;
  fullName: string;
  firstName: string;
  lastName: string;
  verifiedAt: number;
}

/** This browser verified a reset code for the account: it may set a new password, briefly. */
export interface PasswordResetGrant {
  userId: string;
  emailAddress: string;
  verifiedAt: number;
}

/**
 * A sign-up with an address that already had an account: the browser is signed in as the unverified
 * account it asked for, under an id no account has, and this profile is all there is of it. It can
 * never be verified (the code goes to nobody); the owner was e-mailed instead.
 */
export interface PendingSignUp {
  emailAddress: string;
  firstName: string;
  lastName: string;
  mobileNo: string;
}

/** What a browser's server-side session holds. */
export interface SessionState {
  user?: SessionUser;
  google?: GoogleIdentity;
  passwordReset?: PasswordResetGrant;
  pendingSignUp?: PendingSignUp;
  /** The page the Google sign-in under way returns to (one of GOOGLE_RETURN_PATHS). */
  googleReturnTo?: string;
  /** When this session id was issued: the sign-in, or the first proof of an anonymous browser (ms). */
  startedAt?: number;
  /** The last request, to within SESSION_SEEN_GRANULARITY_SECONDS (ms). */
  lastSeenAt?: number;
}

declare module 'express-session' {
  interface SessionData extends SessionState {}
}
