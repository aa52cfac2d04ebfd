import { randomBytes, randomInt } from 'node:crypto';
import express, { type Router } from 'express';
import { sameOriginForms, sendPage } from '../shared/page.js';
import { secureEqual } from '../shared/secure-compare.js';
import { InvalidInboundSms, type MessagesService } from '../twilio/messages.service.js';
import { codePage, phonePage, signedInPage } from './demo-sign-in.page.js';

/** The demo shop's sender: the texts reach the product from this number. */
export const DEMO_SHOP_SENDER = '+18885550100';
/** How long a code stays good, and how many wrong tries end it. */
const CODE_TTL_MS = 10 * 60_000;
const MAX_TRIES = 5;
/** At most this many sign-ins wait for their code at once; the oldest is dropped beyond. */
const MAX_PENDING = 1_000;

interface Challenge {
  phone: string;
  code: string;
  expiresAt: number;
  triesLeft: number;
}

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * A tiny site protected by an SMS code, for examples and tests of bots (issue 38): it texts a code to
 * the number typed in, through the sandbox's Twilio inbound path (so a MultiMFA or RoboMFA number
 * receives it as from a real sender), and signs in whoever types it back. Challenges live in memory.
 */
export function demoSignInRouter(deps: { messages: MessagesService; now?: () => number }): Router {
  const now = deps.now ?? Date.now;
  const challenges = new Map<string, Challenge>();
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  router.get('/demo/sign-in', (_req, res) => {
    sendPage(res, 200, phonePage());
  });

  router.post('/demo/sign-in', sameOriginForms, form, async (req, res) => {
    const phone = field(req.body, 'phone');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await deps.messages.receive({
        from: DEMO_SHOP_SENDER,
        to: phone,
        body: `${code} is your Demo Shop sign-in code. It expires in 10 minutes.`,
      });
    } catch (error) {
      if (!(error instanceof InvalidInboundSms)) throw error;
      sendPage(res, 400, phonePage({ phone, error: error.message }));
      return;
    }
    const id = randomBytes(16).toString('base64url');
    challenges.set(id, { phone, code, expiresAt: now() + CODE_TTL_MS, triesLeft: MAX_TRIES });
    for (const oldest of challenges.keys()) {
      if (challenges.size <= MAX_PENDING) break;
      challenges.delete(oldest);
    }
    res.redirect(303, `/demo/sign-in/code?challenge=${id}`);
  });

  router.get('/demo/sign-in/code', (req, res) => {
    const id = typeof req.query.challenge === 'string' ? req.query.challenge : '';
    const challenge = challenges.get(id);
    if (!challenge || challenge.expiresAt <= now()) {
      sendPage(res, 404, phonePage({ error: 'That sign-in has expired: send a new code.' }));
      return;
    }
    sendPage(res, 200, codePage({ challenge: id, phone: challenge.phone }));
  });

  router.post('/demo/sign-in/code', sameOriginForms, form, (req, res) => {
    const id = field(req.body, 'challenge');
    const challenge = challenges.get(id);
    if (!challenge || challenge.expiresAt <= now()) {
      sendPage(res, 404, phonePage({ error: 'That sign-in has expired: send a new code.' }));
      return;
    }
    if (secureEqual(field(req.body, 'code'), challenge.code)) {
      challenges.delete(id);
      sendPage(res, 200, signedInPage(challenge.phone));
      return;
    }
    challenge.triesLeft -= 1;
    if (challenge.triesLeft <= 0) {
      challenges.delete(id);
      sendPage(res, 400, phonePage({ error: 'Too many wrong codes: send a new one.' }));
      return;
    }
    sendPage(
      res,
      400,
      codePage({ challenge: id, phone: challenge.phone, error: 'That code is not right: try again.' }),
    );
  });

  return router;
}
