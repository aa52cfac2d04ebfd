import { Badge, Group } from '@mantine/core';
import type { ForwardedMessage } from '@multimfa/api-contract';
import { deliverySummary, lateRecipients, recipientName, recipientStatus } from './delivery-summary';
import { DestinationDeliveries } from './destination-deliveries.component';
import { RecentTexts } from './recent-texts.component';
import { useRecentMessages } from './use-recent-messages';

/** Each recipient with the medium and status of their copy, a line each (the Delivery cell's title). */
const recipientsOf = (message: ForwardedMessage) => message.recipients.map(recipientStatus).join('\n');

/**
 * The delivery summary, and a small "late" badge beside it when a recipient's copy was sent after the
 * text's usefulness window (its code may have expired): the badge names who got it late.
 */
function Delivery({ message }: { message: ForwardedMessage }) {
  const late = lateRecipients(message);
  if (!late.length) return deliverySummary(message);
  const who = `Sent late to ${late.map(recipientName).join(', ')}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <span>{deliverySummary(message)}</span>
      <Badge size="xs" color="orange" variant="light" title={who} aria-label={who}>
        late
      </Badge>
    </Group>
  );
}

/** The MultiMFA detail page's recent texts: sender, time, code (masked), and who has it. */
export function RecentMessages({ multiMFAId }: { multiMFAId: string }) {
  return (
    <RecentTexts
      mfaId={multiMFAId}
      query={useRecentMessages(multiMFAId)}
      columns={[
        {
          header: 'Delivery',
          cell: (message) => <Delivery message={message} />,
          cellProps: (message) => ({ title: recipientsOf(message) }),
        },
        {
          header: 'Destinations',
          cell: (message) => <DestinationDeliveries message={message} />,
        },
      ]}
    />
  );
}
