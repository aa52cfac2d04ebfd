/** SendGrid v3 error answers: `{ errors: [{ message, field, help }] }`. */

export interface SendgridErrorItem {
  message: string;
  field: string | null;
  help: string | null;
}

export class SendgridApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SendgridErrorItem[],
  ) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'SendgridApiError';
  }

  toJSON() {
    return { errors: this.errors };
  }
}

const HELP = 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html';
export const help = (anchor: string) => `${HELP}#${anchor}`;

export const sendgridErrors = {
  authorizationRequired: () =>
    new SendgridApiError(401, [{ message: 'authorization required', field: null, help: null }]),
  invalidKey: () =>
    new SendgridApiError(401, [
      {
        message: 'The provided authorization grant is invalid, expired, or revoked',
        field: null,
        help: null,
      },
    ]),
  badRequest: () => new SendgridApiError(400, [{ message: 'Bad Request', field: null, help: null }]),
  notFound: () => new SendgridApiError(404, [{ message: 'not found', field: null, help: null }]),
  internal: () => new SendgridApiError(500, [{ message: 'internal error', field: null, help: null }]),
};

/** The body of a non-2xx answer that a fault asks for. */
export function faultError(status: number): SendgridApiError {
  const message =
    status === 429
      ? 'too many requests'
      : status === 503
        ? 'service unavailable'
        : status >= 500
          ? 'internal error'
          : `request failed with status ${status} (sandbox fault)`;
  return new SendgridApiError(status, [{ message, field: null, help: null }]);
}
