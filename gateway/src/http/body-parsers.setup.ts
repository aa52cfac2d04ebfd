import type { FastifyInstance } from 'fastify';
import { pathOf } from '../exchange/raw-exchange.adapter.js';
import { WEBHOOK_RAW_PATHS } from '../webhooks/webhook-routes.config.js';

/** A webhook's body may be as large as a provider sends (SendGrid batches events). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** The API's own calls carry small JSON bodies. */
const JSON_BODY_LIMIT = 100 * 1024;

/** An error Fastify's own parsers would give, which the error filter answers in the documented shape. */
function refusal(statusCode: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode, code });
}

const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type);

/**
 * The gateway's bodies, one parser for every type: the providers' webhooks keep the body as sent, the
 * bytes their signatures cover (Stripe and SendGrid sign them as they are, Twilio the form it posted);
 * everything else is JSON (up to 100 KiB), and a body of another type is left out, as Express's
 * parsers did.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body: Buffer, done) => {
      const path = pathOf(request);
      if (WEBHOOK_RAW_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
        return done(null, body);
      if (!isJson(request.headers['content-type'] ?? '')) return done(null, undefined);
      if (body.length > JSON_BODY_LIMIT)
        return done(refusal(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'), undefined);
      // An empty JSON body is an empty object (a call that sends the type but nothing, as Express read it).
      if (body.length === 0) return done(null, {});
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(refusal(400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'Body is not valid JSON'), undefined);
      }
    },
  );
}
