import {
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Member, Routing } from '@multimfa/api-contract';
import { useEffect, useState } from 'react';
import {
  useDecideHeld,
  useDestinations,
  useHeldMessages,
  useRouting,
  useSaveRouting,
} from './use-destinations';

type Rule = Routing['rules'][number];

const EMPTY_RULE: Rule = { matchKind: 'service', matchValue: '', memberIds: [], destinationIds: [] };

function HeldTexts({ multiMFAId }: { multiMFAId: string }) {
  const held = useHeldMessages(multiMFAId);
  const decide = useDecideHeld(multiMFAId);
  const messages = held.data?.messages ?? [];
  if (!messages.length) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Held texts</Title>
      <Table aria-label="Held texts">
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.messageId}>
              <Table.Td>{message.sender}</Table.Td>
              <Table.Td>{message.receivedAt.replace('T', ' ').slice(0, 19)}</Table.Td>
              <Table.Td>{message.codeService ?? 'Unknown service'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => decide.mutate({ messageId: message.messageId, release: true })}
                  >
                    Release
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => decide.mutate({ messageId: message.messageId, release: false })}
                  >
                    Discard
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * The MultiMFA detail page's "Routing" section: rules sending texts of a service (as the code
 * extraction names it) or from a sender to chosen members and destinations; texts no rule matches go
 * to everyone, or are held when "Hold unknown senders" is on, listed below with Release and Discard.
 */
export function RoutingSection({ multiMFAId, members }: { multiMFAId: string; members: Member[] }) {
  const routing = useRouting(multiMFAId);
  const destinations = useDestinations(multiMFAId);
  const save = useSaveRouting(multiMFAId);
  const [rules, setRules] = useState<Rule[]>([]);
  const [holdUnknown, setHoldUnknown] = useState(false);
  useEffect(() => {
    if (!routing.data) return;
    setRules(routing.data.rules);
    setHoldUnknown(routing.data.holdUnknown);
  }, [routing.data]);
  const memberOptions = members.map((member) => ({
    value: member.memberId,
    label: `${member.firstName} ${member.lastName}`,
  }));
  const destinationOptions = (destinations.data?.destinations ?? []).map((destination) => ({
    value: destination.destinationId,
    label: destination.name,
  }));
  const change = (index: number, patch: Partial<Rule>) =>
    setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  return (
    <Stack gap="md" data-testid="routing">
      <Title order={3}>Routing</Title>
      <Text size="sm" c="dimmed">
        Texts no rule matches go to every member and destination.
      </Text>
      {rules.map((rule, index) => (
        <Group key={index} align="end" grow data-rule={index}>
          <Select
            label="Match"
            data={[
              { value: 'service', label: 'Service' },
              { value: 'sender', label: 'Sender' },
            ]}
            value={rule.matchKind}
            allowDeselect={false}
            onChange={(value) => change(index, { matchKind: (value ?? 'service') as Rule['matchKind'] })}
          />
          <TextInput
            label={rule.matchKind === 'service' ? 'Service (Google, AWS, …)' : 'Sender'}
            value={rule.matchValue}
            onChange={(event) => change(index, { matchValue: event.currentTarget.value })}
          />
          <MultiSelect
            label="Members"
            data={memberOptions}
            value={rule.memberIds}
            onChange={(memberIds) => change(index, { memberIds })}
          />
          <MultiSelect
            label="Destinations"
            data={destinationOptions}
            value={rule.destinationIds}
            onChange={(destinationIds) => change(index, { destinationIds })}
          />
          <Button
            variant="subtle"
            color="red"
            onClick={() => setRules((current) => current.filter((_, at) => at !== index))}
          >
            Delete rule
          </Button>
        </Group>
      ))}
      <Switch
        label="Hold unknown senders (texts no rule matches wait here for Release or Discard)"
        checked={holdUnknown}
        onChange={(event) => setHoldUnknown(event.currentTarget.checked)}
      />
      {save.error ? (
        <Text c="red" size="sm" role="alert">
          {save.error.message}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" onClick={() => setRules((current) => [...current, EMPTY_RULE])}>
          Add rule
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate({ holdUnknown, rules })}>
          Save routing
        </Button>
      </Group>
      <HeldTexts multiMFAId={multiMFAId} />
    </Stack>
  );
}
