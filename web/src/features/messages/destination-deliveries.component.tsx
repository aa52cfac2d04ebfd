import { Badge, Group } from '@mantine/core';
import type { ForwardedMessage } from '@multimfa/api-contract';

const TONE = { queued: 'gray', retrying: 'orange', delivered: 'green', failed: 'red' } as const;

/** A text's delivery to each destination (Slack, webhook), beside the members' forwards. */
export function DestinationDeliveries({ message }: { message: ForwardedMessage }) {
  if (!message.destinations.length) return null;
  return (
    <Group gap={4} wrap="wrap">
      {message.destinations.map((delivery) => (
        <Badge
          key={delivery.destinationId}
          size="xs"
          variant="light"
          color={TONE[delivery.status]}
          title={`${delivery.name}: ${delivery.status} after ${delivery.attempts} attempt(s)`}
          data-destination-delivery={delivery.name}
        >
          {delivery.name}: {delivery.status}
        </Badge>
      ))}
    </Group>
  );
}
