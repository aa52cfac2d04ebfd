import type twilio from 'twilio';
import { ProviderError } from './provider.errors.js';
import { type OutgoingSms, SmsSender } from './sms-sender.port.js';
import { CLOCK_SKEW_MS, twilioClient } from './twilio-request.client.js';

/** `SmsSender` through Twilio's SDK at the configured API URL; the only place that knows Twilio. */
export class TwilioSmsSender extends SmsSender {
  private readonly client: twilio.Twilio;

  constructor(options: { accountSid: string; authToken: string; apiUrl: string }) {
    super();
    this.client = twilioClient(options);
  }

  async send(sms: OutgoingSms): Promise<{ providerMessageId: string }> {
    try {
      const message = await this.client.messages.create({
        from: sms.from,
        to: sms.to,
        body: sms.body,
        ...(sms.statusCallback ? { statusCallback: sms.statusCallback } : {}),
      });
      return { providerMessageId: message.sid };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number')
        throw new ProviderError('twilio', status, (error as Error).message, undefined);
      throw error;
    }
  }

  /** Twilio's Messages list of this From and To, newest first; a clock apart by a few seconds allowed. */
  async findSent(sms: Omit<OutgoingSms, 'statusCallback'>, since: Date): Promise<string | null> {
    const after = since.getTime() - CLOCK_SKEW_MS;
    const listed = await this.client.messages.list({ from: sms.from, to: sms.to, limit: 50 });
    const match = listed.find(
      (message) => message.body === sms.body && (message.dateCreated?.getTime() ?? 0) >= after,
    );
    return match?.sid ?? null;
  }
}
