/** A visitor's message from the landing page's contact form (`contact_message`). */
export interface ContactMessage {
  messageId: string;
  name: string;
  emailAddress: string;
  message: string;
  createdAt: Date;
}
