import { Button, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { TwilioNumber, TwilioNumberBody } from '@multimfa/api-contract';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { emptyNumber, NumberFormModal } from '../../features/admin-numbers/number-form-modal.component';
import { NumbersTable } from '../../features/admin-numbers/numbers-table.component';
import {
  useAddNumber,
  useDeleteNumber,
  usePoolNumbers,
  useUpdateNumber,
} from '../../features/admin-numbers/use-pool-numbers';
import { WaitingMfas } from '../../features/admin-numbers/waiting-mfas.component';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; number: TwilioNumber }
  | { kind: 'delete'; number: TwilioNumber }
  | undefined;

const bodyOf = (number: TwilioNumber): TwilioNumberBody => ({
  mobileNo: number.mobileNo,
  sid: number.sid,
  referenceName: number.referenceName,
});

/**
 * /admin/twilios: the number pool. Add, edit and delete (free numbers only), search by phone number;
 * below it, the MFAs waiting for a number of their country.
 */
export function NumbersPage() {
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const numbers = usePoolNumbers(search);
  const add = useAddNumber();
  const update = useUpdateNumber();
  const remove = useDeleteNumber();
  const close = () => setDialog(undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Numbers
        </Title>
        <Button onClick={() => setDialog({ kind: 'add' })}>Add</Button>
      </Group>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(filter.trim());
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Filter by phone number"
              placeholder="Filter by phone number"
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              style={{ flex: 1, maxWidth: 320 }}
            />
            <Button type="submit">Search</Button>
            <Button
              variant="default"
              disabled={filter === ''}
              onClick={() => {
                setFilter('');
                setSearch('');
              }}
            >
              Reset
            </Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md">
        {numbers.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading numbers" />
          </Group>
        ) : (
          <NumbersTable
            numbers={numbers.data ?? []}
            onEdit={(number) => setDialog({ kind: 'edit', number })}
            onDelete={(number) => setDialog({ kind: 'delete', number })}
          />
        )}
      </Paper>
      <WaitingMfas />
      {dialog?.kind === 'add' && (
        <NumberFormModal
          title="Add Number"
          initial={emptyNumber()}
          saving={add.isPending}
          onSave={(body) => add.mutateAsync(body)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <NumberFormModal
          title="Edit Number"
          initial={bodyOf(dialog.number)}
          saving={update.isPending}
          onSave={(body) => update.mutateAsync({ id: dialog.number.twillioNoId, body })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title="Delete Number"
          message={`Are you sure.? You want to delete record with id ${dialog.number.twillioNoId}`}
          cancelLabel="No"
          confirmLabel="Yes"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(dialog.number.twillioNoId)}
          onClose={close}
        />
      )}
    </Stack>
  );
}
