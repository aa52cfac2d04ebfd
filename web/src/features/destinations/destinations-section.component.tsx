import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DeliveryAttempt, Destination, DestinationKind } from '@multimfa/api-contract';
import { useState } from 'react';
import {
  useAddDestination,
  useConfirmDestination,
  useDestinations,
  useRemoveDestination,
  useResendDestinationTest,
} from './use-destinations';

const KINDS = [
  { value: 'slack', label: 'Slack channel (incoming webhook)' },
  { value: 'webhook', label: 'Webhook (HTTPS endpoint)' },
];
const CONTENTS = [
  { value: 'code_only', label: 'Code only' },
  { value: 'full', label: 'Code and the whole text' },
];

/** One line of the delivery log: when, the attempt's outcome and the destination's answer code. */
function attemptLine(attempt: DeliveryAttempt): string {
  const at = attempt.at.replace('T', ' ').slice(0, 19);
  const code = attempt.responseCode === null ? 'no answer' : String(attempt.responseCode);
  return `${at} · attempt ${attempt.attempt} · ${attempt.outcome} · ${code}${attempt.error ? ` · ${attempt.error}` : ''}`;
}

function ConfirmCode({ multiMFAId, destination }: { multiMFAId: string; destination: Destination }) {
  const [code, setCode] = useState('');
  const confirm = useConfirmDestination(multiMFAId);
  const resend = useResendDestinationTest(multiMFAId);
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={`Code for ${destination.name}`}
        placeholder="123-456"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
      />
      <Button
        size="xs"
        loading={confirm.isPending}
        onClick={() => confirm.mutate({ destinationId: destination.destinationId, code })}
      >
        Confirm
      </Button>
      <Button
        size="xs"
        variant="subtle"
        loading={resend.isPending}
        onClick={() => resend.mutate(destination.destinationId)}
      >
        New test post
      </Button>
    </Group>
  );
}

function AddDestinationForm({ multiMFAId }: { multiMFAId: string }) {
  const [kind, setKind] = useState<DestinationKind>('slack');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [content, setContent] = useState<'code_only' | 'full'>('code_only');
  const add = useAddDestination(multiMFAId);
  const secret = add.data?.data.signingSecret;
  return (
    <Stack gap="xs">
      <Group align="end" grow>
        <Select
          label="Kind"
          data={KINDS}
          value={kind}
          onChange={(value) => setKind((value ?? 'slack') as DestinationKind)}
          allowDeselect={false}
        />
        <TextInput
          label="Destination name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Select
          label="Content"
          data={CONTENTS}
          value={content}
          onChange={(value) => setContent((value ?? 'code_only') as 'code_only' | 'full')}
          allowDeselect={false}
        />
      </Group>
      <TextInput
        label={kind === 'slack' ? 'Incoming-webhook URL' : 'HTTPS endpoint'}
        placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/multimfa'}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      {add.error ? (
        <Text c="red" size="sm" role="alert">
          {add.error.message}
        </Text>
      ) : null}
      <Group>
        <Button loading={add.isPending} onClick={() => add.mutate({ kind, name, url, content })}>
          Add destination
        </Button>
      </Group>
      {secret ? (
        <Alert color="yellow" title="Signing secret (shown once)">
          <Text size="sm">
            Every delivery carries <Code>MultiMFA-Signature: t=…,v1=…</Code>, an HMAC-SHA256 of{' '}
            <Code>t.body</Code> with this secret; refuse a <Code>t</Code> more than 5 minutes from your clock.
            Copy it now: it is not shown again.
          </Text>
          <Code block data-testid="signing-secret">
            {secret}
          </Code>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The MultiMFA detail page's "Destinations" section: Slack channels and webhooks beside the members
 * (each takes a seat), their state (a Slack channel waits for the code of its test post), the delivery
 * log of each (status, time, response code), and the form to add one.
 */
export function DestinationsSection({ multiMFAId }: { multiMFAId: string }) {
  const destinations = useDestinations(multiMFAId);
  const remove = useRemoveDestination(multiMFAId);
  const list = destinations.data?.destinations ?? [];
  return (
    <Stack gap="md" data-testid="destinations">
      <Title order={3}>Destinations</Title>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          No destination yet: codes go to the members only.
        </Text>
      ) : (
        <Table aria-label="Destinations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Delivery log</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((destination) => (
              <Table.Tr key={destination.destinationId} data-destination={destination.name}>
                <Table.Td>{destination.name}</Table.Td>
                <Table.Td>{destination.kind === 'slack' ? 'Slack' : 'Webhook'}</Table.Td>
                <Table.Td>
                  {/* A long URL wraps anywhere rather than squeezing the status beside it. */}
                  <Code style={{ wordBreak: 'break-all' }}>{destination.url}</Code>
                </Table.Td>
                <Table.Td miw={100}>
                  {destination.status === 'active' ? (
                    <Badge color="green">active</Badge>
                  ) : (
                    <Stack gap={4}>
                      <Badge color="yellow">waiting for the code</Badge>
                      <ConfirmCode multiMFAId={multiMFAId} destination={destination} />
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} data-part="delivery-log">
                    {destination.attempts.slice(0, 5).map((attempt) => (
                      <Text size="xs" key={`${attempt.messageId}-${attempt.attempt}`}>
                        {attemptLine(attempt)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={remove.isPending && remove.variables === destination.destinationId}
                    onClick={() => remove.mutate(destination.destinationId)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddDestinationForm multiMFAId={multiMFAId} />
    </Stack>
  );
}
