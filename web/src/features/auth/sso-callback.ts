/**
 * The Google sign-in callback: the server's OAuth callback sends the browser back to
 * `/login?sso=google&email=<address>` on success or `/login?sso=error&message=<text>` on failure
 * (to /change-password instead when the sign-in started there, to prove a Google-only account).
 */
export type SsoCallback = { kind: 'google'; emailAddress: string } | { kind: 'error'; message: string };

export const SSO_FAILED_MESSAGE = 'Sign-in with Google failed. Please try again.';

/** The query parameters of the callback, removed from the address once read. */
export const SSO_QUERY_KEYS = ['sso', 'email', 'message'] as const;

/** Anyone can craft this link: the message is shown as plain text and kept short. */
const MAX_MESSAGE_LENGTH = 200;

export function readSsoCallback(params: URLSearchParams): SsoCallback | null {
  const sso = params.get('sso');
  if (sso === 'google') {
    const emailAddress = params.get('email')?.trim();
    return emailAddress ? { kind: 'google', emailAddress } : { kind: 'error', message: SSO_FAILED_MESSAGE };
  }
  if (sso === 'error') {
    const message = params.get('message')?.trim().slice(0, MAX_MESSAGE_LENGTH);
    return { kind: 'error', message: message || SSO_FAILED_MESSAGE };
  }
  return null;
}

export function withoutSsoParams(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const key of SSO_QUERY_KEYS) rest.delete(key);
  return rest;
}
