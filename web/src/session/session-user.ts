import type { login } from '@multimfa/api-contract';
import type { DataOf } from '../api/api-client';
import type { SignInResult } from './session.actions';
import { type SessionMfa, sessionMfaSchema } from './session.schema';

/** The signed-in user as login, loginSSO and GET /api/auth/session answer it. */
export type SessionUser = DataOf<typeof login>;

/** Keeps the MFA entries the session understands; an entry of another shape is left out, not fatal. */
function sessionMfas(entries: readonly unknown[]): SessionMfa[] {
  return entries.flatMap((entry) => {
    const parsed = sessionMfaSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Maps the server's session user onto the sign-in transition (customer-area section 4). */
export function sessionFromUser(user: SessionUser): SignInResult {
  return {
    emailAddress: user.emailAddress,
    fullName: user.name || `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    appUserId: user.userId,
    isLoggedIn: true,
    isVerified: user.isVerified,
    userType: user.userType,
    mobileNo: user.mobileNo,
    MFAs: sessionMfas(user.MFAs),
    stripeCustomerId: user.stripeCustomerId,
  };
}
