import type { Request, RequestHandler, Response } from 'express';
import { canonicalJson, type FormObject, parseNestedForm } from '../shared/form-body.js';
import { stripeId } from '../shared/ids.js';
import { secureEqual } from '../shared/secure-compare.js';
import { beginIdempotentRequest } from './idempotency.js';
import type { StripeStore } from './stripe.store.js';
import type { StripeContext } from './stripe-context.js';
import { StripeApiError, stripeErrors } from './stripe-error.js';
import { expandObject } from './stripe-expand.js';
import { StripeParams } from './stripe-params.js';

/**
 * One Stripe API operation: `parse` reads every parameter (anything it leaves unread is answered
 * "Received unknown parameter"), then `run` acts and returns the JSON answer. Only operations marked
 * `publishable` accept a publishable key, as Stripe.js uses them from the browser.
 */
export interface StripeEndpoint<I> {
  publishable?: boolean;
  parse(params: StripeParams, path: Record<string, string>): I;
  run(input: I, ctx: StripeContext): unknown;
}

export const endpoint = <I>(spec: StripeEndpoint<I>): StripeEndpoint<I> => spec;

function requestParams(req: Request): FormObject {
  if (req.method === 'POST') return parseNestedForm(typeof req.body === 'string' ? req.body : '');
  const query = req.originalUrl.indexOf('?');
  return parseNestedForm(query < 0 ? '' : req.originalUrl.slice(query + 1));
}

/** Express handler for an operation: key kind, idempotency, parameters, `expand[]`, Stripe's error shape. */
export function stripeHandler<I>(spec: StripeEndpoint<I>, store: StripeStore): RequestHandler {
  return (req: Request, res: Response) => {
    const ctx = res.locals.stripe as StripeContext;
    if (ctx.mode === 'publishable' && !spec.publishable) {
      throw stripeErrors.authentication(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      );
    }
    const body = requestParams(req);
    const idempotency = beginIdempotentRequest(store, ctx, {
      method: req.method,
      endpoint: `${req.method} ${req.baseUrl}${req.route?.path ?? req.path}`,
      fingerprint: canonicalJson({ body, path: req.params }),
    });
    if (idempotency.kind === 'replay') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.setHeader('Original-Request', idempotency.originalRequest);
      res.status(idempotency.status).json(idempotency.body);
      return;
    }

    const params = new StripeParams(body);
    let input: I;
    let expand: string[];
    try {
      expand = params.expand();
      input = spec.parse(params, req.params as Record<string, string>);
      params.assertAllUsed();
    } catch (error) {
      idempotency.abandon();
      throw error;
    }

    let status = 200;
    let answer: unknown;
    try {
      answer = expandObject(spec.run(input, ctx), expand, (id) => store.lookup(id));
    } catch (error) {
      if (!(error instanceof StripeApiError) || error.status >= 500) {
        idempotency.abandon();
        throw error;
      }
      status = error.status;
      answer = { error: error.body };
    }
    idempotency.settle(status, answer);
    res.status(status).json(answer);
  };
}

/** Reads the key and versions of a call; answers 401 without a valid key. */
export function stripeAuthentication(keys: { secretKey: string; publishableKey: string }): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    let key: string | undefined;
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    if (bearer) key = bearer[1];
    else if (basic?.[1]) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
    if (!key) {
      throw stripeErrors.authentication(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    const mode = matchKey(key, keys);
    if (!mode) {
      const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}` : '****';
      throw stripeErrors.authentication(`Invalid API Key provided: ${masked}`);
    }
    const ctx: StripeContext = {
      requestId: stripeId('req'),
      idempotencyKey: req.get('idempotency-key') ?? null,
      apiVersion: req.get('stripe-version') ?? null,
      mode,
    };
    res.locals.stripe = ctx;
    res.setHeader('Request-Id', ctx.requestId);
    if (ctx.apiVersion) res.setHeader('Stripe-Version', ctx.apiVersion);
    if (ctx.idempotencyKey) res.setHeader('Idempotency-Key', ctx.idempotencyKey);
    next();
  };
}

function matchKey(
  key: string,
  keys: { secretKey: string; publishableKey: string },
): StripeContext['mode'] | undefined {
  // Both comparisons always run, so timing does not tell which kind of key was close.
  const secret = secureEqual(key, keys.secretKey);
  const publishable = secureEqual(key, keys.publishableKey);
  if (secret) return 'secret';
  if (publishable) return 'publishable';
  return undefined;
}
