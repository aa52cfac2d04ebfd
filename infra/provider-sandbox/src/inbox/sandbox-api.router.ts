import express, { type Router } from 'express';
import { z } from 'zod';
import type { FaultStore } from '../faults/fault.store.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { InboxFilter } from '../inbox-store/inbox.types.js';
import type { Background } from '../shared/background.js';
import { InvalidInboundSms, type MessagesService } from '../twilio/messages.service.js';

const filterSchema = z.object({
  channel: z.enum(['email', 'sms', 'slack', 'webhook']).optional(),
  direction: z.enum(['outbound', 'inbound']).optional(),
  to: z.string().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
});
const listSchema = filterSchema.extend({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
const nextSchema = filterSchema.extend({
  timeoutMs: z.coerce.number().int().min(0).max(60_000).default(10_000),
});
export const inboundSmsSchema = z.strictObject({
  from: z.string().min(1),
  to: z.string().min(1),
  body: z.string().min(1).max(1600),
});

function toFilter(query: z.output<typeof filterSchema>): InboxFilter {
  const filter: InboxFilter = {};
  if (query.channel) filter.channel = query.channel;
  if (query.direction) filter.direction = query.direction;
  if (query.to) filter.to = query.to;
  if (query.after !== undefined) filter.after = query.after;
  return filter;
}

/**
 * The JSON API tests and tools use (see SandboxClient): read what was sent, wait for the next message,
 * text a number, reset. Only JSON bodies are read, so a web page of another origin cannot call it.
 */
export function sandboxApiRouter(deps: {
  inbox: InboxStore;
  faults: FaultStore;
  messages: MessagesService;
  background: Background;
}): Router {
  const { inbox, faults, messages, background } = deps;
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));

  router.get('/messages', (req, res) => {
    const parsed = listSchema.safeParse(req.query);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    res.json({ data: inbox.list(toFilter(parsed.data), parsed.data.limit), cursor: inbox.cursor });
  });

  router.get('/messages/next', async (req, res) => {
    const parsed = nextSchema.safeParse(req.query);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const entry = await inbox.waitFor(
      toFilter(parsed.data),
      parsed.data.timeoutMs,
      AbortSignal.any([gone.signal, background.signal]),
    );
    if (entry) res.json(entry);
    else res.status(204).end();
  });

  router.get('/messages/:id', (req, res) => {
    const entry = inbox.get(req.params.id);
    if (entry) res.json(entry);
    else res.status(404).json({ error: `No message ${req.params.id}` });
  });

  router.post('/twilio/inbound-sms', async (req, res) => {
    const parsed = inboundSmsSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    try {
      res.status(201).json(await messages.receive(parsed.data));
    } catch (error) {
      if (!(error instanceof InvalidInboundSms)) throw error;
      res.status(400).json({ error: error.message });
    }
  });

  router.post('/reset', (_req, res) => {
    inbox.clear();
    faults.clear();
    res.status(204).end();
  });

  return router;
}
