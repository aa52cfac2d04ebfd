export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footnote: string;
  /** A small link under the footnote (the unsubscribe link of promotional e-mails). */
  footerLink?: { label: string; url: string };
}

/** The product's e-mail frame: a plain, readable single column that survives every mail client. */
function html(layout: Layout): string {
  const paragraphs = layout.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(p)}</p>`,
    )
    .join('');
  const code = layout.code
    ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;padding:14px 24px;border-radius:10px;background:#eef0ff;color:#2f2fa8;font:700 30px/1 'SFMono-Regular',Consolas,monospace;letter-spacing:8px">${escapeHtml(layout.code)}</span></p>`
    : '';
  const action = layout.action
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:12px 22px;border-radius:8px;background:#4040db;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(layout.action.label)}</a></p>`
    : '';
  const footerLink = layout.footerLink
    ? `<p style="margin:12px 0 0;font-size:13px"><a href="${escapeHtml(layout.footerLink.url)}" style="color:#6b7280">${escapeHtml(layout.footerLink.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f5fb;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:14px;padding:32px">
<tr><td style="padding-bottom:20px;font-size:18px;font-weight:700;color:#4040db">MultiMFA</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(layout.heading)}</h1>${paragraphs}${code}${action}
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(layout.footnote)}</p>${footerLink}</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#9ca3af">MultiMFA · Shared numbers for your team's verification codes</p>
</td></tr></table></body></html>`;
}

function text(layout: Layout): string {
  return [
    layout.heading,
    '',
    ...layout.paragraphs,
    ...(layout.code ? ['', `    ${layout.code}`, ''] : []),
    ...(layout.action ? ['', `${layout.action.label}: ${layout.action.url}`, ''] : []),
    layout.footnote,
    ...(layout.footerLink ? [`${layout.footerLink.label}: ${layout.footerLink.url}`] : []),
    '',
    '— MultiMFA',
  ].join('\n');
}

/** Any e-mail in the product's frame (each notice's templates use it). */
export function renderLayout(subject: string, layout: Layout): RenderedEmail {
  return { subject, html: html(layout), text: text(layout) };
}
