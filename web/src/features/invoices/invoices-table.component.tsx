import { Anchor, Button, Group, Text } from '@mantine/core';
import { type InvoiceEntry, NO_CARDS_MESSAGE, type SavedCard } from '@multimfa/api-contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table/data-table.component';
import { usePagedRows } from '../../components/data-table/use-paged-rows';
import { StatusBadge } from '../../components/status-badge.component';
import { formatMoney } from '../../format/money';
import { notify } from '../../notify/notify';
import { PAGE_SIZE } from '../cards/card-format';
import { longDate, paymentDate } from './invoice-format';
import { PayInvoiceModal } from './pay-invoice-modal.component';

export const NO_INVOICES_TEXT = 'There are no records to display.';

/** Invoice No, Invoice Date, Amount, Description, Status, Payment Date, Action; 25 a page. */
export function InvoicesTable({
  invoices,
  cards,
  cardsLoading,
  appUserId,
}: {
  invoices: InvoiceEntry[];
  cards: SavedCard[] | undefined;
  /** The saved cards are on their way: Pay Now waits for them rather than saying there are none. */
  cardsLoading: boolean;
  appUserId: string;
}) {
  const [paying, setPaying] = useState<InvoiceEntry>();
  const { rows: shown, ...pagination } = usePagedRows(invoices, PAGE_SIZE);

  const payNow = (invoice: InvoiceEntry) => {
    if (!cards || cards.length === 0) {
      notify.error(NO_CARDS_MESSAGE);
      return;
    }
    setPaying(invoice);
  };

  return (
    <>
      <DataTable
        aria-label="Invoices"
        highlightOnHover
        minWidth={820}
        rows={shown}
        rowKey={(invoice) => invoice.userPaymentInvoiceId}
        rowTestId={() => 'invoice-row'}
        emptyText={NO_INVOICES_TEXT}
        pagination={invoices.length > 0 ? { ...pagination, controls: 'numbers' } : undefined}
        columns={[
          {
            header: 'Invoice No',
            cell: (invoice) => (
              <Anchor component={Link} to={`/invoice/${invoice.userPaymentInvoiceId}`}>
                {invoice.invoiceNo}
              </Anchor>
            ),
          },
          { header: 'Invoice Date', cell: (invoice) => longDate(invoice.invoiceDate) },
          { header: 'Amount', cell: (invoice) => formatMoney(invoice.invoiceAmount) },
          { header: 'Description', cell: (invoice) => invoice.invoiceDescription },
          {
            header: 'Status',
            cell: (invoice) => (
              <>
                <StatusBadge color={invoice.invoiceStatus === 'PAID' ? 'green' : 'orange'} variant="light">
                  {invoice.invoiceStatus}
                </StatusBadge>
                {invoice.invoicePaymentError && (
                  <Text size="xs" c="red" mt={4} data-testid="invoice-payment-error">
                    {invoice.invoicePaymentError}
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Payment Date', cell: (invoice) => paymentDate(invoice.invoicePaymentDate) },
          {
            header: 'Action',
            cell: (invoice) => (
              <Group gap="xs" wrap="nowrap">
                {invoice.invoiceStatus !== 'PAID' && (
                  <Button
                    size="xs"
                    aria-label={`Pay Now ${invoice.invoiceNo}`}
                    loading={cardsLoading}
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
            ),
          },
        ]}
      />
      {paying && cards && (
        <PayInvoiceModal
          invoice={paying}
          cards={cards}
          appUserId={appUserId}
          onClose={() => setPaying(undefined)}
        />
      )}
    </>
  );
}
