export interface OutgoingEmail {
  to: { emailAddress: string; name: string };
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes, when not to the sender (a contact form message: the visitor). */
  replyTo?: { emailAddress: string; name: string };
  /** Comes back in the provider's delivery events. */
  emailId: string;
}

/** Sends one e-mail (SendGrid: `SendGridEmailSender`). A refusal is thrown as a `ProviderError`. */
export abstract class EmailSender {
  abstract send(email: OutgoingEmail): Promise<{ providerMessageId: string | null }>;
}
