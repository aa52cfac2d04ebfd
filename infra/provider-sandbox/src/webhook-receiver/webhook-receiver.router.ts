import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import { z } from 'zod';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { Background } from '../shared/background.js';
import type { Logger } from '../shared/logger.js';

/** How old a signed request may be, as a receiver following MultiMFA's documentation checks it. */
const TOLERANCE_SECONDS = 300;

/**
 * Checks `MultiMFA-Signature: t=…,v1=…` as a customer's receiver would: HMAC-SHA256 keyed with the
 * secret over `<t>.<body>`, `t` within five minutes of now, compared in constant time.
 */
export function signatureValid(header: string, body: string, secret: string, now = Date.now()): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
  return parts.some(
    ([key, value]) =>
      key === 'v1' &&
      /^[0-9a-f]{64}$/.test(value ?? '') &&
      timingSafeEqual(Buffer.from(value ?? '', 'hex'), expected),
  );
}

/**
 * A customer's webhook endpoint for tests and the demo: `POST /webhook-receiver/:name` records what
 * it got in the inbox (verifying `MultiMFA-Signature` when a secret was registered for the name with
 * `PUT /webhook-receiver/:name/secret`), echoes a challenge (`{"type":"challenge","challenge":…}`
 * answered `{"challenge":…}`; a receiver whose name starts with `no-echo` does not), and answers 200.
 * Faults of provider `webhook` make it refuse. `POST /webhook-receiver-redirect?to=<url>` answers 302
 * to that URL: a redirect a caller must not follow.
 */
export function webhookReceiverRouter(deps: {
  inbox: InboxStore;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  logger: Logger;
}): Router {
  const { inbox } = deps;
  const secrets = new Map<string, string>();
  const record = (res: Response, status: 'delivered' | 'refused', code: number) => {
    const body = typeof res.req.body === 'string' ? res.req.body : '';
    const name = String(res.req.params.name);
    const signature = res.req.get('multimfa-signature') ?? null;
    const secret = secrets.get(name);
    inbox.add({
      channel: 'webhook',
      direction: 'outbound',
      to: name,
      body,
      signature,
      signatureValid:
        secret === undefined ? null : signature !== null && signatureValid(signature, body, secret),
      status,
      code,
    });
  };
  const router = express.Router();
  router.put('/webhook-receiver/:name/secret', express.json(), (req, res) => {
    const parsed = z.object({ secret: z.string().min(1) }).safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'secret required' });
      return;
    }
    secrets.set(String(req.params.name), parsed.data.secret);
    res.status(204).end();
  });
  router.post('/webhook-receiver-redirect', (req, res) => {
    res.redirect(302, String(req.query.to ?? '/'));
  });
  router.post(
    '/webhook-receiver/:name',
    express.text({ type: () => true, limit: '1mb' }),
    injectFaults({
      provider: 'webhook',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger: deps.logger,
      respond: (res, status) => {
        record(res, 'refused', status);
        res.status(status).json({ error: `refused with ${status} by a sandbox fault` });
      },
    }),
    (req, res) => {
      record(res, 'delivered', 200);
      let challenge: unknown;
      try {
        const parsed = JSON.parse(typeof req.body === 'string' ? req.body : '');
        if (parsed?.type === 'challenge') challenge = parsed.challenge;
      } catch {
        // Not JSON: recorded as it came.
      }
      if (challenge !== undefined && !String(req.params.name).startsWith('no-echo')) {
        res.json({ challenge });
        return;
      }
      res.json({ received: true });
    },
  );
  return router;
}
