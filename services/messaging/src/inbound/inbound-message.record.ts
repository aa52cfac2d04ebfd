/** A text that reached one of our numbers (`inbound_message`). */
export interface InboundMessage {
  messageId: string;
  /** Twilio's MessageSid: one row per text, however often Twilio delivers it. */
  messageSid: string;
  /** Monotonic across the table: the bot feed's cursor. */
  feedPosition: string;
  /** The MFA owning the number when the text arrived; null when nobody owns it. */
  mfaId: string | null;
  mfaType: 'MultiMFA' | 'RoboMFA' | null;
  /** E.164 of our number. */
  toNumber: string;
  /** The sender as Twilio gives it (E.164 or an alphanumeric sender id). */
  fromNumber: string;
  body: string;
  /** The one-time code found in the body, if any (`@multimfa/code-extraction`). */
  code: string | null;
  codeService: string | null;
  receivedAt: Date;
}
