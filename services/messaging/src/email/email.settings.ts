export const EMAIL_SETTINGS = Symbol('EMAIL_SETTINGS');

/** What the folders that write e-mails put in them. */
export interface EmailSettings {
  /** Where people open the product (links in e-mails). */
  webUrl: string;
  /** `EVENT_SEALING_KEY`: opens the codes identity sealed for messaging. */
  sealingKey: string;
  /** `SUPPORT_EMAIL`: where contact form messages go. */
  supportAddress: string;
}
