import { type PersistentStore, refill } from '../state/state-file.js';
import type { IncomingPhoneNumberResource, MessageResource } from './twilio.types.js';
import { twilioErrors } from './twilio-error.js';

export interface StoredMessage {
  resource: MessageResource;
  /** The inbox entry that shows this message. */
  inboxId: string;
}

/** What the Twilio account holds, as the state file keeps it. */
export interface TwilioSnapshot {
  /** With each number's SmsUrl: texts to it still reach the product after a restart. */
  numbers: Array<[string, IncomingPhoneNumberResource]>;
  messages: Array<[string, StoredMessage]>;
}

/**
 * The sandbox's Twilio account: messages and the numbers it owns, in memory (and in the state file when
 * there is one; its numbers then replace those TWILIO_PHONE_NUMBERS gives a fresh account).
 */
export class TwilioStore implements PersistentStore<TwilioSnapshot> {
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

  snapshot(): TwilioSnapshot {
    return { numbers: [...this.numbers], messages: [...this.messages] };
  }

  restore(snapshot: TwilioSnapshot): void {
    refill(this.numbers, snapshot.numbers);
    refill(this.messages, snapshot.messages);
  }
}
