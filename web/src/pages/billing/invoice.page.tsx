import { Anchor, Button, Container, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { PageLoader } from '../../components/page-loader.component';
import { longDate, paymentDate } from '../../features/invoices/invoice-format';
import { useInvoices } from '../../features/invoices/use-invoices';
import { formatMoney } from '../../format/money';
import { useSession } from '../../session/session-store';

/** /invoice/{invoiceId}: one invoice, print-friendly (the browser's Print saves it as a PDF too). */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const session = useSession();
  const invoices = useInvoices(session.appUserId);
  if (invoices.isPending) return <PageLoader />;
  const invoice = invoices.data?.find((candidate) => candidate.userPaymentInvoiceId === invoiceId);
  if (!invoice) {
    return (
      <Container size="sm" py="xl">
        <Text role="alert">
          {invoices.isError ? errorMessage(invoices.error, 'Invoice not found') : 'Invoice not found'}
        </Text>
      </Container>
    );
  }

  return (
    <Container size="md" py={{ base: 'md', md: 'xl' }} px={0}>
      <Group justify="space-between" mb="md" data-print="hide">
        <Anchor component={Link} to="/invoice-management">
          Back to Invoices
        </Anchor>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} data-testid="printable-invoice">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={0}>
              <Title order={1} size="h2">
                Invoice {invoice.invoiceNo}
              </Title>
              <Text c="dimmed">MultiMFA</Text>
            </Stack>
            <Text fw={700} c={invoice.invoiceStatus === 'PAID' ? 'green' : 'orange'}>
              {invoice.invoiceStatus}
            </Text>
          </Group>
          <Divider />
          <Stack gap={2}>
            <Text fw={600}>Billed to</Text>
            <Text>{session.fullName}</Text>
            <Text>{session.emailAddress}</Text>
          </Stack>
          <Group gap="xl">
            <Text>Invoice Date: {longDate(invoice.invoiceDate)}</Text>
            <Text>Payment Date: {paymentDate(invoice.invoicePaymentDate)}</Text>
          </Group>
          <Table withTableBorder aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{invoice.invoiceDescription}</Table.Td>
                <Table.Td ta="right">{formatMoney(invoice.invoiceAmount)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>Total (USD)</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(invoice.invoiceAmount)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
    </Container>
  );
}
