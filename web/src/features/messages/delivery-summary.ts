import type { ForwardedMessage } from '@multimfa/api-contract';

/** "delivered to 4 of 5": recipients are a member by one medium. */
export const deliverySummary = (message: Pick<ForwardedMessage, 'recipients' | 'deliveredCount'>) =>
  message.recipients.length
    ? `delivered to ${message.deliveredCount} of ${message.recipients.length}`
    : 'not forwarded';
