export const EMAIL_SETTINGS = Symbol('EMAIL_SETTINGS');

export interface EmailSettings {
  /** Where people open the product (links in e-mails). */
  webUrl: string;
}
