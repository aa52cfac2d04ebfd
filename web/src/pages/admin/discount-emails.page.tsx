import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DISCOUNT_MAILS_FAILED_MESSAGE,
  PROSPECTS_PAGE_SIZE,
  SELECT_DISCOUNT_CODE_MESSAGE,
  SELECT_ONE_ENTRY_MESSAGE,
} from '@multimfa/api-contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { usePagedRows } from '../../components/data-table/use-paged-rows';
import { ProspectsTable } from '../../features/discount-mailing/prospects-table.component';
import {
  useActiveDiscounts,
  useProspects,
  useSaveDiscountMails,
} from '../../features/discount-mailing/use-discount-mailing';
import { notify } from '../../notify/notify';

/**
 * /admin/discount-emails: choose an active discount code, tick prospects (25 a page), Send Email.
 * The selection is saved; messaging e-mails each prospect the code once.
 */
export function DiscountEmailsPage() {
  const discounts = useActiveDiscounts();
  const prospects = useProspects();
  const save = useSaveDiscountMails();
  const [code, setCode] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const { rows: shown, ...pagination } = usePagedRows(prospects.data ?? [], PROSPECTS_PAGE_SIZE);

  const select = (addresses: string[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const address of addresses) {
        if (on) next.add(address);
        else next.delete(address);
      }
      return next;
    });

  const send = () => {
    if (!code) {
      notify.error(SELECT_DISCOUNT_CODE_MESSAGE);
      return;
    }
    if (selected.size === 0) {
      notify.error(SELECT_ONE_ENTRY_MESSAGE);
      return;
    }
    save.mutate(
      [...selected].map((emailAddress) => ({ emailAddress, discountCode: code })),
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setSelected(new Set());
        },
        onError: (error) => notify.error(errorMessage(error, DISCOUNT_MAILS_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Discounts Mailing List
      </Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Discount code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            data={[
              { value: '', label: 'Select discount code' },
              ...(discounts.data ?? []).map((discount) => ({ value: discount.code, label: discount.code })),
            ]}
            miw={240}
          />
          <Button onClick={send} loading={save.isPending}>
            Send Email
          </Button>
          <Text size="sm" c="dimmed">
            {`${selected.size} selected`}
          </Text>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        {prospects.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading prospects" />
          </Group>
        ) : (
          <ProspectsTable
            prospects={shown}
            pagination={{ ...pagination, controls: 'pager' }}
            selected={selected}
            onToggle={(address, on) => select([address], on)}
            onTogglePage={(on) =>
              select(
                shown.map((p) => p.emailAddress),
                on,
              )
            }
          />
        )}
      </Paper>
    </Stack>
  );
}
