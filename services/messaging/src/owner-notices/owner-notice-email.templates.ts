import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';

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
  return renderLayout(invitationRejectedSubject(content), layout);
}
