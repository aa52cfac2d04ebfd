import { DomainError } from '@multimfa/service-runtime';

/** No session: 401; `data.expired` when the browser's session had just ended (the web app signs out). */
export const unauthenticated = (expired: boolean) =>
  expired
    ? new DomainError('SESSION_EXPIRED', 'Your session has expired. Please sign in again', 401, {
        expired: true,
      })
    : new DomainError('UNAUTHENTICATED', 'Please log in to continue', 401);

export const forbidden = () => new DomainError('FORBIDDEN', 'You do not have access to this resource', 403);

/** Paying, adding members and creating bots need a verified address (the customer area's wording). */
export const emailNotVerified = () =>
  new DomainError('EMAIL_NOT_VERIFIED', 'You need to verify your email first', 403);
