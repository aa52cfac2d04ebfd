import express, { type Response, type Router } from 'express';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import { randomToken } from '../shared/ids.js';
import { asset, sameOriginForms, sendPage } from '../shared/page.js';
import { secureEqual } from '../shared/secure-compare.js';
import { TEST_CARDS } from '../stripe/test-cards.js';
import { MAGIC_RECIPIENTS } from '../twilio/magic-numbers.js';
import { InvalidInboundSms, type MessagesService } from '../twilio/messages.service.js';
import type { TwilioStore } from '../twilio/twilio.store.js';
import { INBOX_SCRIPT_PATH, inboxPage, renderEntry, type SmsFormState } from './inbox.page.js';
import { INBOX_SCRIPT } from './inbox.script.js';

const HEARTBEAT_MS = 20_000;
const PAGE_SIZE = 200;

/** Open Server-Sent Event streams, ended when the sandbox closes (they would keep it open otherwise). */
export class LiveStreams {
  private readonly open = new Set<Response>();

  add(res: Response): void {
    this.open.add(res);
  }

  remove(res: Response): void {
    this.open.delete(res);
  }

  closeAll(): void {
    for (const res of this.open) res.end();
    this.open.clear();
  }
}

const FACTS = [
  ...TEST_CARDS.map((card) => ({
    term: `Card ${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}`,
    description: card.description,
  })),
  ...Object.entries(MAGIC_RECIPIENTS).map(([number, fate]) => ({
    term: `SMS to ${number}`,
    description: fate.description,
  })),
  {
    term: 'E-mail to bounce…@',
    description: 'Recipients whose address starts with “bounce” bounce (event: bounce)',
  },
];

/** The inbox page (`/` and `/inbox`), its live feed and the "Text a MultiMFA number" form. */
export function inboxRouter(deps: {
  inbox: InboxStore;
  messages: MessagesService;
  twilio: TwilioStore;
  streams: LiveStreams;
}): Router {
  const { inbox, messages, twilio, streams } = deps;
  const csrfToken = randomToken();
  const router = express.Router();

  const ownedNumbers = () => [...twilio.numbers.values()].map((number) => number.phone_number);
  const page = (form: SmsFormState) =>
    inboxPage({
      entries: inbox.list({}, PAGE_SIZE),
      csrfToken,
      ownedNumbers: ownedNumbers(),
      form,
      facts: FACTS,
    });

  router.get(['/', '/inbox'], (_req, res) => {
    sendPage(res, 200, page({ from: '+15551234567', to: ownedNumbers()[0] ?? '', body: '' }));
  });

  router.get(INBOX_SCRIPT_PATH, asset('js', INBOX_SCRIPT));

  router.get('/inbox/events', (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (entry: Parameters<typeof renderEntry>[0], revision: number) => {
      const data = JSON.stringify({ id: entry.id, seq: entry.seq, html: renderEntry(entry).value });
      res.write(`id: ${revision}\nevent: entry\ndata: ${data}\n\n`);
    };
    res.write('retry: 2000\n\n');
    // A reconnecting page names the last change it saw; it gets what changed since.
    const lastSeen = Number(req.get('last-event-id'));
    if (Number.isInteger(lastSeen) && lastSeen >= 0) {
      for (const { entry, revision } of inbox.changedSince(lastSeen)) send(entry, revision);
    }
    const unsubscribe = inbox.subscribe((entry, _change, revision) => send(entry, revision));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    streams.add(res);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.remove(res);
    });
  });

  router.post(
    '/inbox/sms',
    sameOriginForms,
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const form: SmsFormState = {
        from: typeof body.from === 'string' ? body.from : '',
        to: typeof body.to === 'string' ? body.to : '',
        body: typeof body.body === 'string' ? body.body : '',
      };
      if (typeof body.csrf !== 'string' || !secureEqual(body.csrf, csrfToken)) {
        sendPage(res, 403, page({ ...form, error: 'The form expired: reload the page and send again.' }));
        return;
      }
      try {
        const { entryId } = await messages.receive(form);
        res.redirect(303, `/inbox#entry-${entryId}`);
      } catch (error) {
        if (!(error instanceof InvalidInboundSms)) throw error;
        sendPage(res, 400, page({ ...form, error: error.message }));
      }
    },
  );

  return router;
}
