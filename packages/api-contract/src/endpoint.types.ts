import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One documented /api call. The gateway validates with these schemas, the web app types its client
 * and forms with them, and the OpenAPI document is generated from them.
 */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  /** Express-style path, `:param` for parameters. */
  path: string;
  summary: string;
  tag: string;
  /**
   * Who may call it: anyone, a signed-in user, a signed-in user whose e-mail address is verified (403
   * EMAIL_NOT_VERIFIED otherwise), an administrator, or a bot with its API key.
   */
  access: 'public' | 'user' | 'verified' | 'admin' | 'bot';
  body?: Body;
  query?: Query;
  /** The path's `:param` values, as one object. */
  params?: z.ZodType;
  response: Response;
  /** Answers besides success and the usual errors, for the OpenAPI document: status -> meaning. */
  otherAnswers?: Record<string, string>;
  /** The request body's media type when it is not JSON (a provider's webhook). */
  requestContentType?: 'application/x-www-form-urlencoded';
  /** The answer's media type when it is not JSON (TwiML for Twilio). */
  responseContentType?: 'text/xml';
}

export function endpoint<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
>(definition: Endpoint<B, Q, R>): Endpoint<B, Q, R> {
  return definition;
}
