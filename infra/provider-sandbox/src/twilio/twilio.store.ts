import type { IncomingPhoneNumberResource, MessageResource } from './twilio.types.js';
import { twilioErrors } from './twilio-error.js';

export interface StoredMessage {
  resource: MessageResource;
  /** The inbox entry that shows this message. */
  inboxId: string;
}

/** The sandbox's Twilio account: messages and the numbers it owns, in memory. */
export class TwilioStore {
  readonly messages = new Map<string, StoredMessage>();
  readonly numbers = new Map<string, IncomingPhoneNumberResource>();

  message(sid: string, path: string): StoredMessage {
    const message = this.messages.get(sid);
    if (!message) throw twilioErrors.notFound(path);
    return message;
  }

  number(sid: string, path: string): IncomingPhoneNumberResource {
    const number = this.numbers.get(sid);
    if (!number) throw twilioErrors.notFound(path);
    return number;
  }

  /** The owned number with this E.164 value, if any. */
  numberByPhone(phone: string): IncomingPhoneNumberResource | undefined {
    for (const number of this.numbers.values()) if (number.phone_number === phone) return number;
    return undefined;
  }
}
