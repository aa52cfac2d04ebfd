import { Button, Group } from '@mantine/core';
import type { Bot } from '@multimfa/api-contract';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { DataTable } from '../../components/data-table/data-table.component';
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
      <DataTable
        aria-label="Bots"
        highlightOnHover
        minWidth={560}
        rows={bots}
        rowKey={(bot) => bot.botId}
        emptyText={NO_BOTS_TEXT}
        columns={[
          { header: 'Name', cell: (bot) => bot.referenceName },
          { header: 'Created On', cell: (bot) => new Date(bot.createdAt).toLocaleString() },
          { header: 'Active', cell: (bot) => (bot.isActive ? 'yes' : 'no') },
          {
            header: 'Action',
            cell: (bot) => (
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
            ),
          },
        ]}
      />
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
