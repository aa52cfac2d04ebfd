import { Client } from '@sendgrid/client';
import type { ClientRequest } from '@sendgrid/client/src/request.js';
import { MailService } from '@sendgrid/mail';
import { EmailSender, type OutgoingEmail } from './email-sender.port.js';
import { PROVIDER_TIMEOUT_MS, ProviderError, rateLimitResetOf } from './provider.errors.js';

/** `EmailSender` through SendGrid's SDK at the configured API URL; the only place that knows SendGrid. */
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
    // A call SendGrid never answers is given up (its outcome unknown) instead of holding its job: an
    // axios option the SDK passes through to each request but leaves out of its types.
    client.setDefaultRequest({ timeout: PROVIDER_TIMEOUT_MS } as unknown as ClientRequest);
    this.mail.setClient(client);
  }

  async send(email: OutgoingEmail): Promise<{ providerMessageId: string | null }> {
    const [response] = await this.mail.send(this.message(email)).catch((error: unknown) => {
      throw refusal(error);
    });
    const id = response.headers['x-message-id'];
    return { providerMessageId: typeof id === 'string' ? id : null };
  }

  private message(email: OutgoingEmail) {
    return {
      to: { email: email.to.emailAddress, name: email.to.name },
      from: this.from,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.replyTo ? { replyTo: { email: email.replyTo.emailAddress, name: email.replyTo.name } } : {}),
      customArgs: { emailId: email.emailId },
      trackingSettings: { clickTracking: { enable: false, enableText: false } },
    };
  }
}

/** SendGrid's error as a `ProviderError`, with its rate-limit reset; other errors as they are. */
function refusal(error: unknown): unknown {
  const { code, response } = error as { code?: unknown; response?: { headers?: Record<string, string> } };
  if (typeof code !== 'number') return error;
  return new ProviderError(
    'sendgrid',
    code,
    error instanceof Error ? error.message : `SendGrid answered ${code}`,
    rateLimitResetOf(response?.headers ?? {}, new Date()),
  );
}
