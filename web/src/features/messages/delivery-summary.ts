import type { ForwardedMessage } from '@multimfa/api-contract';

type Recipient = ForwardedMessage['recipients'][number];

/** "delivered to 4 of 5": recipients are a member by one medium. */
export const deliverySummary = (message: Pick<ForwardedMessage, 'recipients' | 'deliveredCount'>) =>
  message.recipients.length
    ? `delivered to ${message.deliveredCount} of ${message.recipients.length}`
    : 'not forwarded';

/** "Ada Test (Email)": a recipient is a member by one medium. */
export const recipientName = (recipient: Recipient) =>
  `${recipient.firstName} ${recipient.lastName} (${recipient.medium === 'SMS' ? 'SMS' : 'Email'})`;

/** "Ada Test (Email): sent, late": the recipient's status, and whether their copy came late. */
export const recipientStatus = (recipient: Recipient) =>
  `${recipientName(recipient)}: ${recipient.status}${recipient.late ? ', late' : ''}`;

/** The recipients whose copy was sent after the text's usefulness window (its code may have expired). */
export const lateRecipients = (message: Pick<ForwardedMessage, 'recipients'>) =>
  message.recipients.filter((recipient) => recipient.late);
