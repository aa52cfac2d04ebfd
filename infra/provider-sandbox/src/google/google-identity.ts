import { createHmac } from 'node:crypto';

/** A Google account as the sandbox signs people in with it. */
export interface GoogleIdentity {
  /** Google's stable account id: 21 digits. */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName?: string;
  familyName?: string;
}

/**
 * The same e-mail always gets the same `sub`, across restarts of the sandbox, so a service that
 * links accounts by Google id keeps working after the sandbox restarts.
 */
export function subjectFor(email: string): string {
  const digest = createHmac('sha256', 'multimfa-provider-sandbox/google-sub')
    .update(email.trim().toLowerCase())
    .digest();
  return `1${(BigInt(`0x${digest.toString('hex')}`) % 10n ** 20n).toString().padStart(20, '0')}`;
}

export function identityFor(email: string, name: string, emailVerified: boolean): GoogleIdentity {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const [givenName, ...rest] = trimmed.split(' ');
  return {
    sub: subjectFor(email),
    email: email.trim(),
    emailVerified,
    name: trimmed,
    ...(givenName ? { givenName } : {}),
    ...(rest.length ? { familyName: rest.join(' ') } : {}),
  };
}

/** The accounts offered on the sign-in page; the last one has an unverified e-mail. */
export const DEMO_IDENTITIES: readonly GoogleIdentity[] = [
  identityFor('ada.lovelace@example.com', 'Ada Lovelace', true),
  identityFor('grace.hopper@example.org', 'Grace Hopper', true),
  identityFor('alan.turing@example.net', 'Alan Turing', true),
  identityFor('unverified.user@example.com', 'Unverified User', false),
];
