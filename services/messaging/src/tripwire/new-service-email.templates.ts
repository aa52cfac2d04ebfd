import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';

export interface NewServiceContent {
  ownerFirstName: string;
  mfaName: string;
  number: string;
  service: string;
  sender: string;
  receivedAt: Date;
}

export const newServiceSubject = (content: { service: string; mfaName: string }) =>
  `First ${content.service} code on ${content.mfaName}: did you expect it?`.slice(0, 200);

/**
 * Tells the owner that a number received its first code from a service: one nobody asked for (a
 * sign-up or password reset someone else started) stands out. Never the code or the text.
 */
export function renderNewService(content: NewServiceContent, webUrl: string): RenderedEmail {
  const layout: Layout = {
    preheader: `${content.number} received a ${content.service} code for the first time`,
    heading: 'A code from a new service',
    paragraphs: [
      `Hi ${content.ownerFirstName || 'there'},`,
      `${content.mfaName} (${content.number}) received its first code from ${content.service} at ${content.receivedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC, sent by ${content.sender}.`,
      `If your team uses ${content.service} with this number, there is nothing to do. If nobody expected it, someone may be signing up or resetting a password with your number: check who asked for it.`,
    ],
    action: { label: 'Open MultiMFA', url: `${webUrl.replace(/\/$/, '')}/dashboard` },
    footnote:
      'You receive this e-mail once per service and number, because you own this number. It never holds the code.',
  };
  return renderLayout(newServiceSubject(content), layout);
}
