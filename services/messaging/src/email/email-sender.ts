import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';

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

/** Sends one e-mail; the only place that knows the provider. */
export abstract class EmailSender {
  abstract send(email: OutgoingEmail): Promise<{ providerMessageId: string | null }>;
}

export class SendGridEmailSender extends EmailSender {
  private readonly mail = new MailService();

  constructor(
    apiKey: string,
    apiUrl: string,
    private readonly from: { email: string; name: string },
  ) {
    super();
    const client = new Client();
    client.setApiKey(apiKey);
    client.setDefaultRequest('baseUrl', apiUrl);
    this.mail.setClient(client);
  }

  async send(email: OutgoingEmail): Promise<{ providerMessageId: string | null }> {
    const [response] = await this.mail.send({
      to: { email: email.to.emailAddress, name: email.to.name },
      from: this.from,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.replyTo ? { replyTo: { email: email.replyTo.emailAddress, name: email.replyTo.name } } : {}),
      customArgs: { emailId: email.emailId },
      trackingSettings: { clickTracking: { enable: false, enableText: false } },
    });
    const id = response.headers['x-message-id'];
    return { providerMessageId: typeof id === 'string' ? id : null };
  }
}
