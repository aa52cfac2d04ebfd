export const SMS_SETTINGS = Symbol('SMS_SETTINGS');

/** What the product's own SMS put in them. */
export interface SmsSettings {
  /** Where people open the product (the invitation's link). */
  webUrl: string;
  /** `EVENT_SEALING_KEY`: opens the invitation tokens numbers sealed for messaging. */
  sealingKey: string;
}
