import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

export const multiMfaMessagesParams = z.object({ multiMFAId: z.uuid('Invalid MultiMFA id') });

const recipientSchema = z
  .object({
    memberId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    medium: z.enum(['EMAIL', 'SMS']),
    status: z.enum(['queued', 'sent', 'delivered', 'failed']),
    /** When the provider accepted this copy (null: not yet, or never). */
    sentAt: z.iso.datetime().nullable(),
    /**
     * Sent more than 10 minutes after the text was received: still delivered, but a code in it has
     * likely expired by then.
     */
    late: z.boolean(),
  })
  .meta({ id: 'MessageRecipient' });

export const destinationDeliverySchema = z
  .object({
    destinationId: z.uuid(),
    name: z.string(),
    kind: z.enum(['slack', 'webhook']),
    /** `retrying`: an attempt failed and another follows (with backoff, for over an hour). */
    status: z.enum(['queued', 'retrying', 'delivered', 'failed']),
    attempts: z.number().int().nonnegative(),
  })
  .meta({ id: 'MessageDestinationDelivery' });

export const forwardedMessageSchema = z
  .object({
    messageId: z.uuid(),
    sender: z.string(),
    receivedAt: z.iso.datetime(),
    /** Whether a code was found in the text: the page reveals it (and its body) through revealMfaCode, which is recorded. */
    hasCode: z.boolean(),
    codeService: z.string().nullable(),
    recipients: z.array(recipientSchema),
    /** Each destination the text went to (Slack, webhook) and how its delivery stands. */
    destinations: z.array(destinationDeliverySchema),
    /** Recipients (member and medium) the text was delivered to, of `recipients.length`. */
    deliveredCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'ForwardedMessage' });
export type ForwardedMessage = z.output<typeof forwardedMessageSchema>;

export const listMultiMfaMessages = endpoint({
  operationId: 'listMultiMfaMessages',
  method: 'GET',
  path: '/api/plan/messages/:multiMFAId',
  summary:
    'The recent texts of one of the caller’s MultiMFAs with each recipient’s delivery status (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  params: multiMfaMessagesParams,
  response: envelope(z.object({ messages: z.array(forwardedMessageSchema) })),
});

export const messagesEndpoints = [listMultiMfaMessages];
