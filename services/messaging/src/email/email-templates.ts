import type { notificationRequested, PayloadOf } from '@multimfa/events';

/** What identity asks for, and numbers' member invitations. */
export type NotificationKind = PayloadOf<typeof notificationRequested>['kind'] | 'MEMBER_INVITATION';
/** What an outbound e-mail is: a notification, or a contact form message to support. */
export type EmailKind = NotificationKind | 'CONTACT_MESSAGE' | 'SUBSCRIPTION_EXPIRED' | 'INVITATION_REJECTED';

export interface NotificationContent {
  firstName: string;
  /** The recipient, for links that fill in the address (SET_PASSWORD_LINK). */
  emailAddress?: string;
  code: string | null;
  expiresAt: string | null;
}

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

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footnote: string;
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
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f5fb;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fb;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:14px;padding:32px">
<tr><td style="padding-bottom:20px;font-size:18px;font-weight:700;color:#4040db">MultiMFA</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(layout.heading)}</h1>${paragraphs}${code}${action}
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(layout.footnote)}</p></td></tr>
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
    '',
    '— MultiMFA',
  ].join('\n');
}

const signInUrl = (webUrl: string) => `${webUrl.replace(/\/$/, '')}/login`;

/**
 * The forgot-password page with the address and the code filled in: the person only chooses a
 * password. They travel in the fragment, which browsers never send to a server (no access logs).
 */
const setPasswordUrl = (webUrl: string, emailAddress: string, code: string) =>
  `${webUrl.replace(/\/$/, '')}/forgot-password#${new URLSearchParams({ email: emailAddress, code })}`;

const activationUrl = (webUrl: string, token: string) =>
  `${webUrl.replace(/\/$/, '')}/activation/${encodeURIComponent(token)}`;

function daysLeft(expiresAt: string | null, now: Date): number {
  if (!expiresAt) return 7;
  return Math.max(1, Math.round((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000));
}

function minutesLeft(expiresAt: string | null, now: Date): number {
  if (!expiresAt) return 10;
  return Math.max(1, Math.round((new Date(expiresAt).getTime() - now.getTime()) / 60_000));
}

/** The subject, HTML and text of each e-mail identity asks for. */
export function renderNotification(
  kind: NotificationKind,
  content: NotificationContent,
  webUrl: string,
  now = new Date(),
): RenderedEmail {
  const hello = `Hi ${content.firstName},`;
  let layout: Layout;
  switch (kind) {
    case 'EMAIL_VERIFICATION_CODE':
      layout = {
        preheader: `Your MultiMFA verification code is ${content.code}`,
        heading: 'Verify your email address',
        paragraphs: [hello, 'Enter this code in MultiMFA to confirm that this address is yours:'],
        code: content.code ?? '',
        footnote: `The code is valid for ${minutesLeft(content.expiresAt, now)} minutes and works once. If you did not sign up for MultiMFA, ignore this email.`,
      };
      break;
    case 'PASSWORD_RESET_CODE':
      layout = {
        preheader: `Your MultiMFA password reset code is ${content.code}`,
        heading: 'Reset your password',
        paragraphs: [
          hello,
          'Someone asked to reset the password of your MultiMFA account. Enter this code to choose a new one:',
        ],
        code: content.code ?? '',
        footnote: `The code is valid for ${minutesLeft(content.expiresAt, now)} minutes and works once. If you did not ask for it, ignore this email: your password stays as it is.`,
      };
      break;
    case 'PASSWORD_CHANGED':
      layout = {
        preheader: 'Your MultiMFA password was changed',
        heading: 'Your password was changed',
        paragraphs: [
          hello,
          'The password of your MultiMFA account was just changed, and every signed-in session was signed out.',
        ],
        action: { label: 'Sign in to MultiMFA', url: signInUrl(webUrl) },
        footnote:
          'If this was not you, reset your password now from the sign-in page and contact our support.',
      };
      break;
    case 'ACCOUNT_EXISTS':
      layout = {
        preheader: 'Someone tried to sign up to MultiMFA with your email address',
        heading: 'You already have an account',
        paragraphs: [
          hello,
          'Someone just tried to sign up to MultiMFA with this email address. It already belongs to your account, so no new account was created and nothing changed in yours.',
          'If it was you: sign in with your password, or reset it from the sign-in page if you forgot it.',
        ],
        action: { label: 'Sign in to MultiMFA', url: signInUrl(webUrl) },
        footnote:
          'If it was not you, you can ignore this email: nobody can use your account without your password.',
      };
      break;
    case 'SET_PASSWORD_LINK':
      layout = {
        preheader: 'Set the password of your MultiMFA account',
        heading: 'Set your password',
        paragraphs: [
          hello,
          'A MultiMFA administrator asked us to send you this link: open it to choose the password of your account.',
        ],
        action: {
          label: 'Set your password',
          url: setPasswordUrl(webUrl, content.emailAddress ?? '', content.code ?? ''),
        },
        footnote: `The link is valid for ${minutesLeft(content.expiresAt, now)} minutes and works once. Afterwards, use "Forgot password" on the sign-in page.`,
      };
      break;
    case 'MEMBER_INVITATION':
      layout = {
        preheader: 'You are invited to receive a team’s verification codes on MultiMFA',
        heading: 'You are invited to a MultiMFA team',
        paragraphs: [
          hello,
          'A MultiMFA customer added you to their team: once you accept, the verification codes texted to the team’s number are forwarded to you.',
        ],
        action: { label: 'Answer the invitation', url: activationUrl(webUrl, content.code ?? '') },
        footnote: `The invitation is valid for ${daysLeft(content.expiresAt, now)} days and works once. If you do not know the sender, reject it or ignore this email.`,
      };
      break;
  }
  return { subject: subjectOf(kind), html: html(layout), text: text(layout) };
}

export interface ContactContent {
  name: string;
  emailAddress: string;
  message: string;
  receivedAt: Date;
}

export const contactSubject = (name: string) => `Contact form: ${name}`.slice(0, 200);

/** A visitor's contact form message, for support (who replies to the visitor's address). */
export function renderContactMessage(content: ContactContent): RenderedEmail {
  const layout: Layout = {
    preheader: content.message.slice(0, 100),
    heading: 'New message from the contact form',
    paragraphs: [
      `From: ${content.name} <${content.emailAddress}>`,
      `Received: ${content.receivedAt.toISOString()}`,
      ...content.message.split(/\r?\n\s*\r?\n/),
    ],
    footnote: `Reply to this email to answer ${content.name}.`,
  };
  return { subject: contactSubject(content.name), html: html(layout), text: text(layout) };
}

export function subjectOf(kind: NotificationKind): string {
  switch (kind) {
    case 'EMAIL_VERIFICATION_CODE':
      return 'Your MultiMFA verification code';
    case 'PASSWORD_RESET_CODE':
      return 'Your MultiMFA password reset code';
    case 'PASSWORD_CHANGED':
      return 'Your MultiMFA password was changed';
    case 'ACCOUNT_EXISTS':
      return 'Someone tried to sign up to MultiMFA with your address';
    case 'SET_PASSWORD_LINK':
      return 'Set your MultiMFA password';
    case 'MEMBER_INVITATION':
      return 'You are invited to a MultiMFA team';
  }
}

/** What an e-mail about an expired subscription says. */
export interface SubscriptionExpiredContent {
  mfaType: string;
  planName: string;
  reason: 'AUTO_RENEWAL_OFF' | 'NO_CARD' | 'PAYMENT_DECLINED' | 'AUTHENTICATION_REQUIRED';
  invoiceNo: string | null;
  amountCents: number | null;
  message: string | null;
}

export const SUBSCRIPTION_EXPIRED_SUBJECT = 'Your MultiMFA subscription has expired';

/** Tells the customer their subscription expired and, when a renewal went unpaid, how to pay it. */
export function renderSubscriptionExpired(
  content: SubscriptionExpiredContent,
  webUrl: string,
): RenderedEmail {
  const what = `your ${content.mfaType} ${content.planName} plan`;
  const amount = content.amountCents === null ? '' : ` of $${(content.amountCents / 100).toFixed(2)}`;
  const paragraphs =
    content.reason === 'AUTO_RENEWAL_OFF'
      ? [
          `The subscription of ${what} reached its payment date with auto-renewal switched off, so it has expired.`,
          'Codes texted to its number are no longer forwarded. The number stays reserved for you for 30 days.',
        ]
      : [
          `We could not renew ${what}: ${
            content.reason === 'NO_CARD'
              ? 'there is no saved card to charge'
              : (content.message ?? 'the payment failed')
          }`,
          `Invoice ${content.invoiceNo ?? ''}${amount} is unpaid and the subscription has expired: codes texted to its number are no longer forwarded. Pay the invoice within 30 days to keep your number and reactivate it.`,
        ];
  const layout: Layout = {
    preheader: 'Your MultiMFA subscription has expired',
    heading: 'Your subscription has expired',
    paragraphs,
    action: {
      label: content.reason === 'AUTO_RENEWAL_OFF' ? 'Open MultiMFA' : 'Pay the invoice',
      url: `${webUrl.replace(/\/$/, '')}/${content.reason === 'AUTO_RENEWAL_OFF' ? 'dashboard' : 'invoice-management'}`,
    },
    footnote: 'After 30 days the number is released and cannot be given back.',
  };
  return { subject: SUBSCRIPTION_EXPIRED_SUBJECT, html: html(layout), text: text(layout) };
}

/** What the e-mail telling an owner that a member rejected their invitation says. */
export interface InvitationRejectedContent {
  ownerFirstName: string;
  mfaName: string;
  memberFirstName: string;
  memberLastName: string;
  memberContact: string;
}

export const invitationRejectedSubject = (content: { memberFirstName: string; memberLastName: string }) =>
  `${`${content.memberFirstName} ${content.memberLastName}`.trim()} rejected your MultiMFA invitation`.slice(
    0,
    200,
  );

/** Tells the MultiMFA's owner that a member rejected the invitation, and what they can do next. */
export function renderInvitationRejected(content: InvitationRejectedContent, webUrl: string): RenderedEmail {
  const member = `${content.memberFirstName} ${content.memberLastName}`.trim();
  const layout: Layout = {
    preheader: `${member} will not receive the codes of ${content.mfaName}`,
    heading: 'An invitation was rejected',
    paragraphs: [
      `Hi ${content.ownerFirstName || 'there'},`,
      `${member} (${content.memberContact}) rejected the invitation to receive the verification codes of your MultiMFA ${content.mfaName}.`,
      'Codes texted to its number will not be forwarded to them. You can invite them again or delete the member from the MultiMFA page.',
    ],
    action: { label: 'Open MultiMFA', url: `${webUrl.replace(/\/$/, '')}/dashboard` },
    footnote: 'You receive this e-mail because you own this MultiMFA.',
  };
  return { subject: invitationRejectedSubject(content), html: html(layout), text: text(layout) };
}
