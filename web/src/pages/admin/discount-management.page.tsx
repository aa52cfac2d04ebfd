import { Button, Group, Loader, Modal, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { DISCOUNT_PAGE_SIZE, type Discount, type DiscountsQuery } from '@multimfa/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { usePagedRows } from '../../components/data-table/use-paged-rows';
import {
  CreateDiscountModal,
  EditDiscountModal,
} from '../../features/admin-discounts/discount-form-modal.component';
import { DiscountsTable } from '../../features/admin-discounts/discounts-table.component';
import {
  DISCOUNT_FETCH_FAILED_MESSAGE,
  discountsQuery,
  useCreateDiscount,
  useDeleteDiscount,
  useDiscount,
  useDiscounts,
  useUpdateDiscount,
} from '../../features/admin-discounts/use-discounts';
import { notify } from '../../notify/notify';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; id: string }
  | { kind: 'delete'; discount: Discount }
  | undefined;

const FILTER_TYPES = [
  { value: 'BOTH', label: 'Both' },
  { value: 'FLAT', label: 'Flat' },
  { value: 'PERCENTAGE', label: 'Percentage' },
];

/** The edit modal once the discount is read afresh (GET /api/admin/discounts/{id}). */
function EditDiscount({ id, onClose }: { id: string; onClose: () => void }) {
  const discount = useDiscount(id);
  const update = useUpdateDiscount();
  useEffect(() => {
    if (!discount.isError) return;
    notify.error(DISCOUNT_FETCH_FAILED_MESSAGE);
    onClose();
  }, [discount.isError, onClose]);
  if (!discount.data) {
    return (
      <Modal opened onClose={onClose} title="Edit Discount" centered>
        <Group justify="center" p="lg">
          <Loader aria-label="Loading discount" />
        </Group>
      </Modal>
    );
  }
  return (
    <EditDiscountModal
      discount={discount.data}
      saving={update.isPending}
      onSave={(body) => update.mutateAsync({ id, body })}
      onClose={onClose}
    />
  );
}

/**
 * /admin/discount-management: the discount codes the payment page applies. Filters (code, type,
 * created from/to), 25 a page, Create New, edit and delete.
 */
export function DiscountManagementPage() {
  const [code, setCode] = useState('');
  const [type, setType] = useState<NonNullable<DiscountsQuery['discountType']>>('BOTH');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState<DiscountsQuery>({});
  const [dialog, setDialog] = useState<Dialog>();
  const queryClient = useQueryClient();
  const discounts = useDiscounts(filter);
  const create = useCreateDiscount();
  const remove = useDeleteDiscount();
  const close = () => setDialog(undefined);

  const { rows: shown, ...pagination } = usePagedRows(discounts.data ?? [], DISCOUNT_PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Discount Management
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>Create New</Button>
      </Group>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const next: DiscountsQuery = {
              discountCode: code.trim() || undefined,
              discountType: type,
              from: from || undefined,
              to: to || undefined,
            };
            void queryClient.fetchQuery({ ...discountsQuery(next), staleTime: 0 }).then(
              () => {
                setFilter(next);
                pagination.onChange(1);
                notify.success('Filtered Successfully');
              },
              () => undefined,
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Code"
              value={code}
              maxLength={30}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <NativeSelect
              label="Type"
              data={FILTER_TYPES}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as typeof type)}
            />
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Button type="submit">Filter</Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md">
        {discounts.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading discounts" />
          </Group>
        ) : (
          <DiscountsTable
            discounts={shown}
            pagination={{ ...pagination, controls: 'pager' }}
            onEdit={(discount) => setDialog({ kind: 'edit', id: discount.discountId })}
            onDelete={(discount) => setDialog({ kind: 'delete', discount })}
          />
        )}
      </Paper>
      {dialog?.kind === 'create' && (
        <CreateDiscountModal
          saving={create.isPending}
          onSave={(body) => create.mutateAsync(body)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && <EditDiscount id={dialog.id} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title="Delete Discount"
          message="Are you sure you want to delete this record?"
          cancelLabel="No"
          confirmLabel="Yes"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(dialog.discount.discountId)}
          onClose={close}
        />
      )}
    </Stack>
  );
}
