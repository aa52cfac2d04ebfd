import { type Layout, type RenderedEmail, renderLayout } from '../email/email.templates.js';

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
  return renderLayout(contactSubject(content.name), layout);
}
