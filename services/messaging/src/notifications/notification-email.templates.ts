import type { notificationRequested, PayloadOf } from '@multimfa/events';
import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';
import type { InvitationDetail } from '../sms/invitation-details.repository.js';
import { invitationPersonName, invitationTeamName } from '../sms/invitation-names.rules.js';

/** What identity asks for, and numbers' member invitations. */
export type NotificationKind = PayloadOf<typeof notificationRequested>['kind'] | 'MEMBER_INVITATION';

export interface NotificationContent {
  firstName: string;
  /** The recipient, for links that fill in the address (SET_PASSWORD_LINK). */
  emailAddress?: string;
  code: string | null;
  expiresAt: string | null;
  /** MEMBER_INVITATION: who invites, to which team and number, how codes will come (none for an invitation recorded before). */
  invitation?: InvitationDetail;
}

const RECEIVES: Record<InvitationDetail['forwardMedium'], string> = {
  EMAIL: 'by email',
  MOBILE_NUMBER: 'by SMS',
  BOTH: 'by email and by SMS',
};

const SUBJECTS: Record<NotificationKind, string> = {
  EMAIL_VERIFICATION_CODE: 'Your MultiMFA verification code',
  PASSWORD_RESET_CODE: 'Your MultiMFA password reset code',
  PASSWORD_CHANGED: 'Your MultiMFA password was changed',
  ACCOUNT_EXISTS: 'Someone tried to sign up to MultiMFA with your address',
  SET_PASSWORD_LINK: 'Set your MultiMFA password',
  MEMBER_INVITATION: 'You are invited to a MultiMFA team',
};

/** Every kind of notification e-mail. */
export const NOTIFICATION_KINDS = Object.keys(SUBJECTS) as NotificationKind[];

export const subjectOf = (kind: NotificationKind): string => SUBJECTS[kind];

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
    case 'MEMBER_INVITATION': {
      const invitation = content.invitation;
      const inviter = invitationPersonName(invitation?.inviterName, 101);
      const teamName = invitationTeamName(invitation?.teamName, 100);
      const team = teamName ? `the MultiMFA team “${teamName}”` : 'a MultiMFA team';
      const number = invitation?.teamNumber ?? 'the team’s number';
      const how = invitation ? ` ${RECEIVES[invitation.forwardMedium]}` : '';
      layout = {
        preheader: `${inviter ?? 'A MultiMFA customer'} invites you to ${team}`,
        heading: 'You are invited to a MultiMFA team',
        paragraphs: [
          hello,
          `${inviter ?? 'A MultiMFA customer'} invites you to ${team}: once you accept, the verification codes texted to ${number} are forwarded to you${how}.`,
        ],
        action: { label: 'Answer the invitation', url: activationUrl(webUrl, content.code ?? '') },
        footnote: `The invitation is valid for ${daysLeft(content.expiresAt, now)} days and works once. If you do not know ${inviter ?? 'who sent it'}, reject it or ignore this email.`,
      };
      break;
    }
  }
  return renderLayout(subjectOf(kind), layout);
}
