import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { type InvoiceEntry, NO_CARDS_MESSAGE, type SavedCard } from '@multimfa/api-contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../notify/notify';
import { pageCount, pageOf } from '../cards/card-format';
import { formatDollars, longDate, paymentDate } from './invoice-format';
import { PayInvoiceModal } from './pay-invoice-modal.component';

export const NO_INVOICES_TEXT = 'There are no records to display.';

/** Invoice No, Invoice Date, Amount, Description, Status, Payment Date, Action; 25 a page. */
export function InvoicesTable({
  invoices,
  cards,
  appUserId,
}: {
  invoices: InvoiceEntry[];
  cards: SavedCard[] | undefined;
  appUserId: string;
}) {
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<InvoiceEntry>();
  const current = Math.min(page, pageCount(invoices.length));

  const payNow = (invoice: InvoiceEntry) => {
    if (!cards || cards.length === 0) {
      notify.error(NO_CARDS_MESSAGE);
      return;
    }
    setPaying(invoice);
  };

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover aria-label="Invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice No</Table.Th>
              <Table.Th>Invoice Date</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Payment Date</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center">
                    {NO_INVOICES_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {pageOf(invoices, current).map((invoice) => (
              <Table.Tr key={invoice.userPaymentInvoiceId} data-testid="invoice-row">
                <Table.Td>
                  <Anchor component={Link} to={`/invoice/${invoice.userPaymentInvoiceId}`}>
                    {invoice.invoiceNo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{longDate(invoice.invoiceDate)}</Table.Td>
                <Table.Td>{formatDollars(invoice.invoiceAmount)}</Table.Td>
                <Table.Td>{invoice.invoiceDescription}</Table.Td>
                <Table.Td>
                  <Badge color={invoice.invoiceStatus === 'PAID' ? 'green' : 'orange'} variant="light">
                    {invoice.invoiceStatus}
                  </Badge>
                  {invoice.invoicePaymentError && (
                    <Text size="xs" c="red" mt={4} data-testid="invoice-payment-error">
                      {invoice.invoicePaymentError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{paymentDate(invoice.invoicePaymentDate)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {invoice.invoiceStatus !== 'PAID' && (
                      <Button
                        size="xs"
                        aria-label={`Pay Now ${invoice.invoiceNo}`}
                        onClick={() => payNow(invoice)}
                      >
                        Pay Now
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={`/invoice/${invoice.userPaymentInvoiceId}`}
                      aria-label={`View ${invoice.invoiceNo}`}
                    >
                      View
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invoices.length > 0 && (
        <Group justify="flex-end">
          <Pagination total={pageCount(invoices.length)} value={current} onChange={setPage} size="sm" />
        </Group>
      )}
      {paying && cards && (
        <PayInvoiceModal
          invoice={paying}
          cards={cards}
          appUserId={appUserId}
          onClose={() => setPaying(undefined)}
        />
      )}
    </Stack>
  );
}
