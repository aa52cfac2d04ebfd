import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/api-error';
import { PageLoader } from '../../components/page-loader.component';
import { useCards } from '../../features/cards/use-cards';
import { InvoicesTable } from '../../features/invoices/invoices-table.component';
import { useInvoices } from '../../features/invoices/use-invoices';
import { useSession } from '../../session/session-store';

/** /invoice-management: the invoices; any not PAID can be paid with a saved card. */
export function InvoiceManagementPage() {
  const { appUserId, stripeCustomerId } = useSession();
  const invoices = useInvoices(appUserId);
  const cards = useCards(stripeCustomerId);

  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} size="h3">
            Invoice Management
          </Title>
          {invoices.isPending && <PageLoader />}
          {invoices.isError && (
            <Text role="alert">{errorMessage(invoices.error, 'Unable to load your invoices')}</Text>
          )}
          {invoices.data && (
            <InvoicesTable
              invoices={invoices.data}
              cards={cards.data}
              cardsLoading={cards.isLoading}
              appUserId={appUserId}
            />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
