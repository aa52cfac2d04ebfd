import type {
  ChosenPlan,
  EntityId,
  MfaDraft,
  PaymentInfo,
  Session,
  SessionMember,
  SessionMfa,
} from './session.schema';
import { defaultSession, emptyPaymentInfo } from './session-defaults';

/**
 * The session transitions of customer-area section 4, as pure functions `(session, payload) => session`.
 * They never mutate their input; apply them with `sessionStore.apply(action, payload)`.
 */

export type SignUpResult = Pick<
  Session,
  'emailAddress' | 'fullName' | 'appUserId' | 'isVerified' | 'stripeCustomerId'
>;

export type SignInResult = Pick<
  Session,
  | 'emailAddress'
  | 'fullName'
  | 'firstName'
  | 'lastName'
  | 'appUserId'
  | 'isLoggedIn'
  | 'isVerified'
  | 'userType'
  | 'mobileNo'
  | 'MFAs'
  | 'stripeCustomerId'
>;

export type ProfileUpdate = Pick<Session, 'firstName' | 'lastName' | 'mobileNo'>;

export interface NewMember {
  multiMFAId: EntityId;
  member: SessionMember;
}

/**
 * Sign-up merges the new account's identity. The server also signs the new customer in, so the session
 * is marked signed in too, as a CUSTOMER with the names and number just typed (the answer lacks them).
 */
export function signUp(session: Session, result: SignUpResult, profile: ProfileUpdate): Session {
  return { ...session, ...profile, ...result, userType: 'CUSTOMER', isLoggedIn: true };
}

export function signIn(session: Session, result: SignInResult): Session {
  return { ...session, ...result };
}

/** Sign-out resets everything to the defaults. */
export function signOut(_session?: Session): Session {
  return defaultSession();
}

export function updateProfile(session: Session, profile: ProfileUpdate): Session {
  return { ...session, ...profile, fullName: `${profile.firstName} ${profile.lastName}` };
}

export function markVerified(session: Session): Session {
  return { ...session, isVerified: true };
}

export function setPaymentInfo(session: Session, paymentInfo: PaymentInfo): Session {
  return { ...session, paymentInfo };
}

export function setBuffer(session: Session, buffer: MfaDraft | null): Session {
  return { ...session, buffer };
}

export function setPlan(session: Session, plan: ChosenPlan | null): Session {
  return { ...session, plan };
}

/** Holds the id of the MultiMFA whose plan is being upgraded (empty string: none). */
export function setUpgrade(session: Session, multiMFAId: EntityId | ''): Session {
  return { ...session, upgrade: String(multiMFAId) };
}

/** Appends a bought MFA and clears the draft and the chosen plan. */
export function addMfa(session: Session, mfa: SessionMfa): Session {
  return { ...session, MFAs: [...session.MFAs, mfa], buffer: null, plan: null };
}

/** Appends a member to the MultiMFA with the matching id. */
export function addMember(session: Session, { multiMFAId, member }: NewMember): Session {
  return {
    ...session,
    MFAs: session.MFAs.map((mfa) =>
      sameId(mfa.multiMFAId, multiMFAId) ? { ...mfa, Members: [...(mfa.Members ?? []), member] } : mfa,
    ),
  };
}

/** Removes the member from every MFA. */
export function deleteMember(session: Session, memberId: EntityId): Session {
  return {
    ...session,
    MFAs: session.MFAs.map((mfa) =>
      mfa.Members ? { ...mfa, Members: mfa.Members.filter((m) => !sameId(m.memberId, memberId)) } : mfa,
    ),
  };
}

/** Replaces the MFA with the same id (MultiMFA id, else RoboMFA id); clears the chosen plan and upgrade. */
export function updateMfa(session: Session, updated: SessionMfa): Session {
  return {
    ...session,
    MFAs: session.MFAs.map((mfa) => (isSameMfa(mfa, updated) ? updated : mfa)),
    plan: null,
    upgrade: '',
  };
}

/**
 * A completed purchase (the /success page): the bought MFA is added, or replaces the one with its id
 * (an upgrade, or a purchase the webhook completed first and the session already holds), and the draft,
 * the chosen plan, the upgrade and the payment info are reset.
 */
export function completePurchase(session: Session, mfa: SessionMfa): Session {
  const held = session.MFAs.some((entry) => isSameMfa(entry, mfa));
  const next = held ? updateMfa(session, mfa) : addMfa(session, mfa);
  return { ...next, buffer: null, plan: null, upgrade: '', paymentInfo: emptyPaymentInfo };
}

function sameId(a: EntityId | undefined, b: EntityId | undefined): boolean {
  return a !== undefined && b !== undefined && String(a) === String(b);
}

function isSameMfa(a: SessionMfa, b: SessionMfa): boolean {
  if (b.multiMFAId !== undefined) return sameId(a.multiMFAId, b.multiMFAId);
  return sameId(a.roboMFAId, b.roboMFAId);
}
