import { Button, Group, Table, Text } from '@mantine/core';
import type { Bot } from '@multimfa/api-contract';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { notify } from '../../notify/notify';
import { useRemoveBot } from './use-robo-mfa';

export const COPIED_MESSAGE = 'Copied to clipboard';
export const NO_BOTS_TEXT = 'There are no records to display. Click on create to add new record.';

async function copyKey(apiKey: string) {
  try {
    await navigator.clipboard.writeText(apiKey);
    notify.success(COPIED_MESSAGE);
  } catch {
    notify.error('Unable to copy to clipboard');
  }
}

/** Name, Created On, Active, then copy API key and delete (confirmed first: a deleted key is gone for good). */
export function BotsTable({ mfaId, bots }: { mfaId: string; bots: Bot[] }) {
  const remove = useRemoveBot(mfaId);
  const [deleting, setDeleting] = useState<Bot>();
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover aria-label="Bots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created On</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bots.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center">
                    {NO_BOTS_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {bots.map((bot) => (
              <Table.Tr key={bot.botId}>
                <Table.Td>{bot.referenceName}</Table.Td>
                <Table.Td>{new Date(bot.createdAt).toLocaleString()}</Table.Td>
                <Table.Td>{bot.isActive ? 'yes' : 'no'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Copy API key of ${bot.referenceName}`}
                      onClick={() => void copyKey(bot.APIKey)}
                    >
                      Copy API Key
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete ${bot.referenceName}`}
                      onClick={() => setDeleting(bot)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deleting && (
        <ConfirmDeleteModal
          title="Are you sure?"
          message="This action can not be done: the bot's API key stops working at once."
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(deleting.botId)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}
