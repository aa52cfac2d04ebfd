/** What a destination is sent of a text: the code alone, or the code with the whole text. */
export type DestinationContent = 'code_only' | 'full';

/** A text as destinations receive it. */
export interface DestinationText {
  messageId: string;
  /** The MultiMFA's number the text came to. */
  number: string;
  sender: string;
  code: string | null;
  service: string | null;
  body: string;
  receivedAt: Date;
  mfaName: string | null;
}

/** Slack's limits: a header's text, a section's text. */
const HEADER_MAX = 150;
const SECTION_MAX = 3000;

const plain = (text: string, max = SECTION_MAX) => ({
  type: 'plain_text' as const,
  text: text.length > max ? `${text.slice(0, max - 1)}…` : text,
  emoji: false,
});

/**
 * The Block Kit message of a text: the code as the header (the one thing a reader needs, large), then
 * the service, the number, the sender and the time, and the text itself only when the owner chose
 * `full`. Every customer-controlled string is plain_text, so a sender cannot inject links or mentions.
 * `text` is the notification's fallback, and carries no body either.
 */
export function renderSlackMessage(text: DestinationText, content: DestinationContent) {
  const service = text.service ?? 'Unknown service';
  const headline = text.code ?? 'No code found in this text';
  const blocks: object[] = [
    { type: 'header', text: plain(headline, HEADER_MAX) },
    {
      type: 'section',
      fields: [
        plain(`Service: ${service}`),
        plain(`Number: ${text.number}`),
        plain(`From: ${text.sender}`),
        plain(`Received: ${text.receivedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`),
      ],
    },
  ];
  if (content === 'full') blocks.push({ type: 'section', text: plain(text.body) });
  blocks.push({
    type: 'context',
    elements: [plain(`Forwarded by MultiMFA${text.mfaName ? ` · ${text.mfaName}` : ''}`)],
  });
  const fallback = text.code ? `${text.code}: ${service} code on ${text.number}` : `A text on ${text.number}`;
  return { text: fallback, blocks };
}

/** The Slack post that proves the owner can read the channel: the code they type back on the page. */
export function renderSlackChallenge(code: string, mfaName: string | null) {
  const words = `MultiMFA: to send ${mfaName ? `${mfaName}'s` : 'your'} codes to this channel, type ${code} on the MultiMFA page.`;
  return { text: words, blocks: [{ type: 'section', text: plain(words) }] };
}

/**
 * The JSON event a webhook receives for each text: `code_only` leaves the body out (null).
 * `id` is the delivery's, the same on every retry, so a receiver can drop a repeat.
 */
export function renderWebhookEvent(deliveryId: string, text: DestinationText, content: DestinationContent) {
  return {
    id: deliveryId,
    type: 'message.received' as const,
    messageId: text.messageId,
    number: text.number,
    sender: text.sender,
    code: text.code,
    service: text.service,
    body: content === 'full' ? text.body : null,
    receivedAt: text.receivedAt.toISOString(),
  };
}
