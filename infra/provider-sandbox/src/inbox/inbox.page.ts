import type {
  EmailAddress,
  EmailEntry,
  InboxEntry,
  SlackEntry,
  SmsEntry,
  WebhookEntry,
} from '../inbox-store/inbox.types.js';
import { html, linkify, type SafeHtml } from '../shared/html.js';
import { renderPage } from '../shared/page.js';

export const INBOX_SCRIPT_PATH = '/assets/inbox.js';

const STATUS_TONE: Record<string, string> = {
  delivered: 'ok',
  received: 'ok',
  sent: 'info',
  processed: 'info',
  queued: 'warn',
  accepted: 'warn',
  failed: 'bad',
  undelivered: 'bad',
  bounced: 'bad',
  refused: 'bad',
};

function when(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC</time>`;
}

function addresses(list: EmailAddress[]): string {
  return list
    .map((address) => (address.name ? `${address.name} <${address.email}>` : address.email))
    .join(', ');
}

function statusBadge(entry: InboxEntry): SafeHtml {
  const detail = entry.channel === 'sms' && entry.errorCode ? ` · ${entry.errorCode}` : '';
  return html`<span class="badge ${STATUS_TONE[entry.status] ?? ''}" data-part="status">${entry.status}${detail}</span>`;
}

/**
 * The e-mail's HTML in a sandboxed frame: no scripts, no same-origin access, links open in a new tab
 * (the injected <base target> plus allow-popups). The frame's document is an escaped srcdoc attribute.
 */
function emailFrame(entry: EmailEntry): SafeHtml | null {
  if (entry.html === undefined) return null;
  const document = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${entry.html}</body></html>`;
  return html`<iframe class="mail-frame" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer"
    title="E-mail: ${entry.subject}" srcdoc="${document}"></iframe>`;
}

function renderEmail(entry: EmailEntry): SafeHtml {
  const frame = emailFrame(entry);
  const textPart =
    entry.text === undefined
      ? null
      : frame
        ? html`<details><summary>Plain-text version</summary><pre class="mail-text">${linkify(entry.text)}</pre></details>`
        : html`<pre class="mail-text">${linkify(entry.text)}</pre>`;
  const template = entry.templateId
    ? html`<p class="hint">Dynamic template <strong>${entry.templateId}</strong> (rendered by SendGrid in production) with data:</p>
      <pre class="mail-text">${JSON.stringify(entry.templateData ?? {}, null, 2)}</pre>`
    : null;
  const extras = [
    entry.categories.length ? `categories: ${entry.categories.join(', ')}` : '',
    Object.keys(entry.customArgs).length ? `custom_args: ${JSON.stringify(entry.customArgs)}` : '',
  ].filter(Boolean);
  return html`<li class="entry email" id="entry-${entry.id}" data-seq="${entry.seq}" data-channel="email">
    <div class="entry-head">
      <span class="entry-route"><span class="badge info">E-mail</span>
        from <strong>${addresses([entry.from])}</strong> to <strong>${addresses(entry.to)}</strong>${
          entry.cc.length ? html` cc <strong>${addresses(entry.cc)}</strong>` : null
        }${entry.bcc.length ? html` bcc <strong>${addresses(entry.bcc)}</strong>` : null}
      </span>
      <span>${statusBadge(entry)} ${when(entry.createdAt)}</span>
    </div>
    <h3 class="entry-subject">${entry.subject || '(no subject)'}</h3>
    ${frame}${textPart}${template}
    <p class="hint" data-part="reason">${entry.reason ?? ''}</p>
    ${extras.length ? html`<p class="hint">${extras.join(' · ')} · X-Message-Id ${entry.messageId}</p>` : null}
  </li>`;
}

function webhookLine(entry: SmsEntry): SafeHtml {
  const webhook = entry.webhook;
  if (entry.direction !== 'inbound') return html``;
  if (!webhook) return html`<p class="hint" data-part="webhook">Posting to MultiMFA’s webhook…</p>`;
  if (!webhook.url)
    return html`<p class="hint" data-part="webhook"><span class="badge bad">not posted</span> ${webhook.error}</p>`;
  const outcome =
    webhook.status !== undefined ? `answered ${webhook.status}` : `failed: ${webhook.error ?? 'no answer'}`;
  return html`<p class="hint" data-part="webhook"><span class="badge ${webhook.ok ? 'ok' : 'bad'}">webhook</span>
    POST ${webhook.url} ${outcome}</p>`;
}

function renderSms(entry: SmsEntry): SafeHtml {
  const label = entry.direction === 'inbound' ? 'SMS received' : 'SMS sent';
  return html`<li class="entry sms ${entry.direction}" id="entry-${entry.id}" data-seq="${entry.seq}" data-channel="sms">
    <div class="entry-head">
      <span class="entry-route"><span class="badge ${entry.direction === 'inbound' ? 'ok' : 'info'}">${label}</span>
        from <strong>${entry.from}</strong> to <strong>${entry.to}</strong></span>
      <span>${statusBadge(entry)} ${when(entry.createdAt)}</span>
    </div>
    <p class="bubble">${linkify(entry.body)}</p>
    ${webhookLine(entry)}
    <p class="hint">MessageSid ${entry.sid}</p>
  </li>`;
}

/** Slack's blocks as a reader sees them: each block's texts, one line each (plain text, escaped). */
function blockLines(blocks: unknown[]): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.text === 'string') texts.push(record.text);
      for (const [key, child] of Object.entries(record))
        if (key !== 'text' || typeof child !== 'string') walk(child);
    }
  };
  walk(blocks);
  return texts;
}

function renderSlack(entry: SlackEntry): SafeHtml {
  return html`<li class="entry slack" id="entry-${entry.id}" data-seq="${entry.seq}" data-channel="slack">
    <div class="entry-head">
      <span class="entry-route"><span class="badge info">Slack</span> to <strong>${entry.to}</strong></span>
      <span>${statusBadge(entry)} ${entry.code} ${when(entry.createdAt)}</span>
    </div>
    <pre class="mail-text" data-part="blocks">${blockLines(entry.blocks).join('\n')}</pre>
    <p class="hint">Fallback text: ${entry.text}</p>
  </li>`;
}

function renderWebhook(entry: WebhookEntry): SafeHtml {
  const signature =
    entry.signatureValid === null
      ? 'signature not checked'
      : entry.signatureValid
        ? 'signature valid'
        : 'signature INVALID';
  return html`<li class="entry webhook" id="entry-${entry.id}" data-seq="${entry.seq}" data-channel="webhook">
    <div class="entry-head">
      <span class="entry-route"><span class="badge info">Webhook</span> to receiver <strong>${entry.to}</strong></span>
      <span>${statusBadge(entry)} ${entry.code} ${when(entry.createdAt)}</span>
    </div>
    <pre class="mail-text" data-part="body">${entry.body}</pre>
    <p class="hint">${signature}</p>
  </li>`;
}

export function renderEntry(entry: InboxEntry): SafeHtml {
  if (entry.channel === 'email') return renderEmail(entry);
  if (entry.channel === 'slack') return renderSlack(entry);
  if (entry.channel === 'webhook') return renderWebhook(entry);
  return renderSms(entry);
}

export interface SmsFormState {
  from: string;
  to: string;
  body: string;
  error?: string;
}

export interface InboxPageOptions {
  entries: InboxEntry[];
  csrfToken: string;
  ownedNumbers: string[];
  form: SmsFormState;
  /** Shown beside the form: the magic recipients, test cards and rules. */
  facts: Array<{ term: string; description: string }>;
}

export function inboxPage(options: InboxPageOptions): string {
  const { form } = options;
  const body = html`<h1 class="visually-hidden">Inbox</h1>
<div class="layout">
  <aside>
    <section class="card" aria-labelledby="text-title">
      <h2 id="text-title">Text a MultiMFA number</h2>
      <p class="hint">Sends an inbound SMS to MultiMFA’s webhook, signed exactly as Twilio signs it.</p>
      ${form.error ? html`<p class="notice bad" role="alert">${form.error}</p>` : null}
      <form method="post" action="/inbox/sms">
        <input type="hidden" name="csrf" value="${options.csrfToken}">
        <div class="field">
          <label for="sms-from">From</label>
          <input id="sms-from" name="from" type="tel" required value="${form.from}" autocomplete="off" aria-describedby="sms-from-hint">
          <p class="hint" id="sms-from-hint">Any number, E.164 (+15551234567).</p>
        </div>
        <div class="field">
          <label for="sms-to">To</label>
          <input id="sms-to" name="to" type="tel" required value="${form.to}" list="owned-numbers" autocomplete="off" aria-describedby="sms-to-hint">
          <datalist id="owned-numbers">${options.ownedNumbers.map((number) => html`<option value="${number}"></option>`)}</datalist>
          <p class="hint" id="sms-to-hint">Any number; the sandbox account owns ${options.ownedNumbers.join(', ') || 'none'}.</p>
        </div>
        <div class="field">
          <label for="sms-body">Message</label>
          <textarea id="sms-body" name="body" required maxlength="1600">${form.body}</textarea>
        </div>
        <button class="button block" type="submit">Send text</button>
      </form>
    </section>
    <section class="card" aria-labelledby="facts-title">
      <h2 id="facts-title">Test data</h2>
      <dl class="facts stacked">${options.facts.map((fact) => html`<dt>${fact.term}</dt><dd>${fact.description}</dd>`)}</dl>
    </section>
  </aside>
  <section aria-labelledby="messages-title">
    <div class="entry-head">
      <h2 id="messages-title">Messages, newest first</h2>
      <span class="live" id="live" data-state="connecting" role="status">Connecting…</span>
    </div>
    <p class="empty" id="empty"${options.entries.length ? html` hidden` : null}>Nothing yet: e-mails and texts MultiMFA sends appear here as they go out.</p>
    <ol class="entries" id="entries" aria-live="polite" aria-relevant="additions">${options.entries.map(renderEntry)}</ol>
  </section>
</div>`;
  return renderPage({ title: 'Inbox - MultiMFA provider sandbox', body, scripts: [INBOX_SCRIPT_PATH] });
}
