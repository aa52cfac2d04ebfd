import express, { type Response, type Router } from 'express';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { Background } from '../shared/background.js';
import type { Logger } from '../shared/logger.js';

/** Slack's error words for an incoming webhook's refusals, by status (its docs' list). */
const SLACK_ERRORS: Record<number, string> = {
  400: 'invalid_payload',
  403: 'invalid_token',
  404: 'channel_not_found',
  410: 'no_service',
  429: 'rate_limited',
};

interface SlackPost {
  text?: unknown;
  blocks?: unknown;
}

/**
 * Slack's incoming webhooks: `POST /services/<team>/<bot>/<token>` with a JSON message answers 200
 * `ok` (text/plain, as Slack does) and shows the post in the inbox. Faults of provider `slack` answer
 * as Slack refuses: 403 `invalid_token`, 404 `channel_not_found`, 410 `no_service`, 429 with
 * Retry-After; a refused post shows in the inbox too, as refused.
 */
export function slackRouter(deps: {
  inbox: InboxStore;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  logger: Logger;
}): Router {
  const { inbox } = deps;
  const record = (res: Response, status: 'delivered' | 'refused', code: number) => {
    const post = (res.req.body ?? {}) as SlackPost;
    inbox.add({
      channel: 'slack',
      direction: 'outbound',
      to: res.req.path,
      text: typeof post.text === 'string' ? post.text : '',
      blocks: Array.isArray(post.blocks) ? post.blocks : [],
      status,
      code,
    });
  };
  const router = express.Router();
  router.post(
    '/services/:team/:bot/:token',
    express.json({ limit: '1mb', type: () => true }),
    injectFaults({
      provider: 'slack',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger: deps.logger,
      respond: (res, status) => {
        record(res, 'refused', status);
        res
          .status(status)
          .type('text/plain')
          .send(SLACK_ERRORS[status] ?? 'internal_error');
      },
    }),
    (req, res) => {
      const post = (req.body ?? {}) as SlackPost;
      const hasText = typeof post.text === 'string' && post.text.length > 0;
      if (!hasText && !Array.isArray(post.blocks)) {
        res.status(400).type('text/plain').send('no_text');
        return;
      }
      record(res, 'delivered', 200);
      res.status(200).type('text/plain').send('ok');
    },
  );
  return router;
}
