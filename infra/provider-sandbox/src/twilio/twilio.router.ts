import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import type { SandboxConfig } from '../config/sandbox-config.js';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { Background } from '../shared/background.js';
import { parseFlatForm } from '../shared/form-body.js';
import { twilioSid } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import { secureEqual } from '../shared/secure-compare.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import { MessagesService } from './messages.service.js';
import { friendlyName, ownedNumberSid, toE164 } from './phone-numbers.js';
import { TwilioStore } from './twilio.store.js';
import { type IncomingPhoneNumberResource, rfc2822 } from './twilio.types.js';
import { faultError, TwilioApiError, twilioErrors } from './twilio-error.js';

export interface TwilioDeps {
  config: SandboxConfig['twilio'];
  callbackDelayMs: number;
  inbox: InboxStore;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  dispatcher: WebhookDispatcher;
  logger: Logger;
}

export interface TwilioSandbox {
  router: Router;
  store: TwilioStore;
  messages: MessagesService;
}

const API_VERSION = '/2010-04-01';

/** A form value as a single string (the last one when repeated); undefined when absent. */
function field(form: Record<string, string | string[]>, name: string): string | undefined {
  const value = form[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function formOf(req: Request): Record<string, string | string[]> {
  return parseFlatForm(typeof req.body === 'string' ? req.body : '');
}

/** HTTP basic auth with the account SID and auth token, for the account named in the path. */
function twilioAuthentication(config: SandboxConfig['twilio']): RequestHandler {
  return (req, _res, next) => {
    const match = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const [user = '', ...rest] = match?.[1]
      ? Buffer.from(match[1], 'base64').toString('utf8').split(':')
      : [];
    const password = rest.join(':');
    const userOk = secureEqual(user, config.accountSid);
    const passwordOk = secureEqual(password, config.authToken);
    if (!userOk || !passwordOk || req.params.accountSid !== config.accountSid)
      throw twilioErrors.authenticate();
    next();
  };
}

/** Twilio's page envelope for `GET …/{Resource}.json` with PageSize and Page. */
function page<T>(req: Request, key: string, items: T[], filters: Record<string, string | undefined>) {
  const pageSize = Math.min(Math.max(Number(req.query.PageSize ?? 50) || 50, 1), 1000);
  const pageNumber = Math.max(Number(req.query.Page ?? 0) || 0, 0);
  const start = pageNumber * pageSize;
  const data = items.slice(start, start + pageSize);
  const base = req.originalUrl.split('?')[0] ?? '';
  const uriFor = (n: number) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, value);
    query.set('PageSize', String(pageSize));
    query.set('Page', String(n));
    return `${base}?${query}`;
  };
  return {
    [key]: data,
    end: start + Math.max(data.length - 1, 0),
    first_page_uri: uriFor(0),
    next_page_uri: start + pageSize < items.length ? uriFor(pageNumber + 1) : null,
    page: pageNumber,
    page_size: pageSize,
    previous_page_uri: pageNumber > 0 ? uriFor(pageNumber - 1) : null,
    start,
    uri: uriFor(pageNumber),
  };
}

function checkUrl(name: string, value: string | undefined): void {
  if (value && !(URL.canParse(value) && /^https?:$/.test(new URL(value).protocol))) {
    throw twilioErrors.invalidUrl(name, value);
  }
}

/** The Twilio REST API (2010-04-01): Messages and IncomingPhoneNumbers of the sandbox's one account. */
export function createTwilioSandbox(deps: TwilioDeps): TwilioSandbox {
  const { config, logger } = deps;
  const store = new TwilioStore();
  const messages = new MessagesService(
    store,
    deps.inbox,
    config,
    deps.dispatcher,
    deps.background,
    deps.callbackDelayMs,
  );

  const buyNumber = (
    phone: string,
    fields: { friendlyName?: string; smsUrl?: string; smsMethod?: string },
    sid = twilioSid('PN'),
  ) => {
    const now = rfc2822();
    const resource: IncomingPhoneNumberResource = {
      account_sid: config.accountSid,
      address_requirements: 'none',
      api_version: '2010-04-01',
      beta: false,
      capabilities: { fax: false, mms: true, sms: true, voice: true },
      date_created: now,
      date_updated: now,
      friendly_name: fields.friendlyName ?? friendlyName(phone),
      origin: 'twilio',
      phone_number: phone,
      sid,
      sms_fallback_method: 'POST',
      sms_fallback_url: '',
      sms_method: fields.smsMethod === 'GET' ? 'GET' : 'POST',
      sms_url: fields.smsUrl ?? '',
      status: 'in-use',
      status_callback: '',
      status_callback_method: 'POST',
      uri: `${API_VERSION}/Accounts/${config.accountSid}/IncomingPhoneNumbers/${sid}.json`,
      voice_method: 'POST',
      voice_url: '',
    };
    store.numbers.set(sid, resource);
    return resource;
  };
  for (const phone of config.phoneNumbers) buyNumber(phone, {}, ownedNumberSid(config.accountSid, phone));

  const account = express.Router({ mergeParams: true });
  account.use(twilioAuthentication(config));

  account.post('/Messages.json', (req, res) => {
    const form = formOf(req);
    const message = messages.create({
      to: field(form, 'To'),
      from: field(form, 'From'),
      messagingServiceSid: field(form, 'MessagingServiceSid'),
      body: field(form, 'Body'),
      statusCallback: field(form, 'StatusCallback'),
    });
    res.status(201).json(message);
  });

  account.get('/Messages.json', (req, res) => {
    const to = typeof req.query.To === 'string' ? req.query.To : undefined;
    const from = typeof req.query.From === 'string' ? req.query.From : undefined;
    const sentAfter = dateFilter(req.query['DateSent>']);
    const sentBefore = dateFilter(req.query['DateSent<']);
    const all = [...store.messages.values()]
      .reverse()
      .map((stored) => stored.resource)
      .filter((message) => (!to || message.to === to) && (!from || message.from === from))
      .filter((message) => {
        const sent = message.date_sent ? Date.parse(message.date_sent) : Number.NaN;
        if (sentAfter !== undefined && !(sent >= sentAfter)) return false;
        return sentBefore === undefined || sent <= sentBefore;
      });
    res.json(page(req, 'messages', all, { To: to, From: from }));
  });

  account.get('/Messages/:sid.json', (req, res) => {
    res.json(store.message(req.params.sid as string, req.originalUrl).resource);
  });

  account.get('/IncomingPhoneNumbers.json', (req, res) => {
    const phone = typeof req.query.PhoneNumber === 'string' ? req.query.PhoneNumber : undefined;
    const name = typeof req.query.FriendlyName === 'string' ? req.query.FriendlyName : undefined;
    const all = [...store.numbers.values()].filter(
      (number) =>
        (!phone || number.phone_number === (toE164(phone) ?? phone)) &&
        (!name || number.friendly_name === name),
    );
    res.json(page(req, 'incoming_phone_numbers', all, { PhoneNumber: phone, FriendlyName: name }));
  });

  account.post('/IncomingPhoneNumbers.json', (req, res) => {
    const form = formOf(req);
    const requested = field(form, 'PhoneNumber');
    const areaCode = field(form, 'AreaCode');
    let phone: string;
    if (requested) {
      const e164 = toE164(requested);
      if (!e164) throw twilioErrors.phoneNumberInvalid(requested);
      if (store.numberByPhone(e164)) throw twilioErrors.phoneNumberUnavailable(e164);
      phone = e164;
    } else if (areaCode && /^\d{3}$/.test(areaCode)) {
      const free = Array.from(
        { length: 100 },
        (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`,
      ).find((candidate) => !store.numberByPhone(candidate));
      if (!free) throw twilioErrors.phoneNumberUnavailable(`in area code ${areaCode}`);
      phone = free;
    } else {
      throw twilioErrors.phoneNumberRequired();
    }
    const smsUrl = field(form, 'SmsUrl');
    checkUrl('SmsUrl', smsUrl);
    const number = buyNumber(phone, {
      friendlyName: field(form, 'FriendlyName'),
      smsUrl,
      smsMethod: field(form, 'SmsMethod'),
    });
    res.status(201).json(number);
  });

  account.get('/IncomingPhoneNumbers/:sid.json', (req, res) => {
    res.json(store.number(req.params.sid as string, req.originalUrl));
  });

  account.post('/IncomingPhoneNumbers/:sid.json', (req, res) => {
    const number = store.number(req.params.sid as string, req.originalUrl);
    const form = formOf(req);
    const smsUrl = field(form, 'SmsUrl');
    checkUrl('SmsUrl', smsUrl);
    const name = field(form, 'FriendlyName');
    const method = field(form, 'SmsMethod');
    if (name !== undefined) number.friendly_name = name;
    if (smsUrl !== undefined) number.sms_url = smsUrl;
    if (method === 'GET' || method === 'POST') number.sms_method = method;
    number.date_updated = rfc2822();
    res.json(number);
  });

  account.delete('/IncomingPhoneNumbers/:sid.json', (req, res) => {
    const number = store.number(req.params.sid as string, req.originalUrl);
    store.numbers.delete(number.sid);
    res.status(204).end();
  });

  const api = express.Router();
  api.use(
    injectFaults({
      provider: 'twilio',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger,
      respond: (res, status) => res.status(status).json(faultError(status).toJSON()),
    }),
  );
  api.use(express.text({ type: () => true, limit: '256kb' }));
  api.use('/Accounts/:accountSid', account);
  api.use((req) => {
    throw twilioErrors.notFound(req.originalUrl.split('?')[0] ?? '');
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof TwilioApiError) {
      res.status(error.status).json(error.toJSON());
      return;
    }
    logger.error({ err: error }, 'twilio sandbox failed');
    res.status(500).json(twilioErrors.internal().toJSON());
  };
  api.use(errors);

  const router = express.Router();
  router.use(API_VERSION, api);
  return { router, store, messages };
}

/**
 * `DateSent>` / `DateSent<` of the Messages list: a date (YYYY-MM-DD) or an ISO 8601 time, as the SDK
 * sends `dateSentAfter` / `dateSentBefore`; the bound is inclusive, as Twilio's. Not a time: 400.
 */
function dateFilter(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw twilioErrors.invalidDate('DateSent', String(value));
  return time;
}
