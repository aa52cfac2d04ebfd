import type { RenderedEmail } from '../email/email.templates.js';

export interface ForwardContent {
  /** The member's first name. */
  firstName: string;
  /** The MultiMFA's name, when known. */
  mfaName: string | null;
  /** Who texted (a number or an alphanumeric sender id). */
  sender: string;
  body: string;
  code: string | null;
  codeService: string | null;
  receivedAt: Date;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const team = (content: ForwardContent) => content.mfaName ?? 'your MultiMFA';

/** The subject: the code first, so it shows in a notification; else who texted. */
export function forwardSubject(content: ForwardContent): string {
  const service = content.codeService ? ` for ${content.codeService}` : '';
  const subject = content.code
    ? `${content.code} is your code${service} (${team(content)})`
    : `New text from ${content.sender} (${team(content)})`;
  return subject.slice(0, 200);
}

/** The e-mail forwarding a text to one member: the code in the subject and both parts, the text whole. */
export function renderForwardEmail(content: ForwardContent): RenderedEmail {
  const subject = forwardSubject(content);
  const received = content.receivedAt.toISOString().replace('T', ' ').slice(0, 19);
  const text = [
    `Hi ${content.firstName},`,
    '',
    `A text reached ${team(content)} from ${content.sender} at ${received} UTC.`,
    ...(content.code ? ['', `Code: ${content.code}`] : []),
    '',
    'The whole text:',
    content.body,
    '',
    '— MultiMFA',
  ].join('\n');
  const code = content.code
    ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;padding:14px 24px;border-radius:10px;background:#eef0ff;color:#2f2fa8;font:700 30px/1 'SFMono-Regular',Consolas,monospace;letter-spacing:6px">${escapeHtml(content.code)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5fb;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:14px;padding:32px">
<tr><td style="padding-bottom:20px;font-size:18px;font-weight:700;color:#4040db">MultiMFA</td></tr>
<tr><td><p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">Hi ${escapeHtml(content.firstName)},</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">A text reached ${escapeHtml(team(content))} from ${escapeHtml(content.sender)} at ${escapeHtml(received)} UTC.</p>${code}
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">The whole text:</p>
<pre style="margin:0;padding:12px;border-radius:8px;background:#f9fafb;font-size:14px;white-space:pre-wrap;word-break:break-word">${escapeHtml(content.body)}</pre></td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** The SMS forwarding a text: the code first, then the text whole (Twilio splits a long one). */
export function renderForwardSms(content: ForwardContent): string {
  const head = content.code ? `Code ${content.code} ` : '';
  return `${head}[${team(content)}] from ${content.sender}: ${content.body}`.slice(0, 1600);
}
