import type twilio from 'twilio';
import { InboundSmsLog, type LoggedInboundSms } from './inbound-sms-log.port.js';
import { CLOCK_SKEW_MS, twilioClient } from './twilio-request.client.js';

/** `InboundSmsLog` through Twilio's Messages list (`DateSent>`; inbound messages only). */
export class TwilioInboundSmsLog extends InboundSmsLog {
  private readonly client: twilio.Twilio;

  constructor(options: { accountSid: string; authToken: string; apiUrl: string }) {
    super();
    this.client = twilioClient(options);
  }

  async receivedSince(since: Date): Promise<LoggedInboundSms[]> {
    const after = since.getTime() - CLOCK_SKEW_MS;
    // Every page of the window (Twilio's largest pages): a limit would drop its oldest texts.
    const listed = await this.client.messages.list({ dateSentAfter: new Date(after), pageSize: 1000 });
    // Twilio lists newest first; reversed, texts of the same second keep the order they came in.
    return listed
      .reverse()
      .filter((message) => message.direction === 'inbound')
      .map((message) => ({
        messageSid: message.sid,
        from: message.from,
        to: message.to,
        body: message.body ?? '',
        receivedAt: message.dateSent ?? message.dateCreated,
      }))
      .filter((text) => text.receivedAt.getTime() >= after)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }
}
