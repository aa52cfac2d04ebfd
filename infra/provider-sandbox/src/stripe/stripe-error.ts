/** Stripe's error answers: `{ error: { type, code, decline_code, message, param, doc_url, … } }`. */

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

function error(status: number, type: StripeErrorType, message: string, extra: Partial<StripeErrorBody> = {}) {
  const body: StripeErrorBody = { type, message, ...extra };
  if (body.code && !body.doc_url) body.doc_url = docUrl(body.code);
  return new StripeApiError(status, body);
}

export const stripeErrors = {
  invalidRequest: (message: string, extra: { param?: string; code?: string } = {}) =>
    error(400, 'invalid_request_error', message, extra),
  missingParam: (param: string) =>
    error(400, 'invalid_request_error', `Missing required param: ${param}.`, {
      code: 'parameter_missing',
      param,
    }),
  unknownParam: (param: string) =>
    error(400, 'invalid_request_error', `Received unknown parameter: ${param}`, {
      code: 'parameter_unknown',
      param,
    }),
  invalidValue: (param: string, message: string, code = 'parameter_invalid_string') =>
    error(400, 'invalid_request_error', message, { code, param }),
  resourceMissing: (noun: string, id: string, param?: string) =>
    error(404, 'invalid_request_error', `No such ${noun}: '${id}'`, { code: 'resource_missing', param }),
  unexpectedState: (message: string) =>
    error(400, 'invalid_request_error', message, { code: 'payment_intent_unexpected_state' }),
  card: (
    code: string,
    message: string,
    extra: Pick<
      StripeErrorBody,
      'decline_code' | 'param' | 'charge' | 'payment_intent' | 'payment_method'
    > = {},
  ) => error(402, 'card_error', message, { code, ...extra }),
  idempotency: (message: string, status = 400, code?: string) =>
    error(status, 'idempotency_error', message, code ? { code } : {}),
  authentication: (message: string) => error(401, 'invalid_request_error', message),
  unrecognizedUrl: (method: string, path: string) =>
    error(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
  api: (message = 'An unknown error occurred') => error(500, 'api_error', message),
};

/** The body of a non-2xx answer that a fault asks for. */
export function faultBody(status: number): { error: StripeErrorBody } {
  if (status === 429) {
    return {
      error: {
        type: 'invalid_request_error',
        code: 'rate_limit',
        doc_url: docUrl('rate_limit'),
        message:
          'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.',
      },
    };
  }
  if (status >= 500) return { error: { type: 'api_error', message: 'An unknown error occurred' } };
  return {
    error: {
      type: 'invalid_request_error',
      message: `The request failed with status ${status} (sandbox fault).`,
    },
  };
}
