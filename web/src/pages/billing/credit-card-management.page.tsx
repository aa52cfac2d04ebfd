import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { PageLoader } from '../../components/page-loader.component';
import { CardsTable } from '../../features/cards/cards-table.component';
import { useCards } from '../../features/cards/use-cards';
import { useSession } from '../../session/session-store';

/** /credit-card-management: the saved cards, with Add Card, Update and Delete. */
export function CreditCardManagementPage() {
  const { stripeCustomerId } = useSession();
  const cards = useCards(stripeCustomerId);

  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }} px={0}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1} size="h3">
              Credit Card Management
            </Title>
            <Button component={Link} to="/create-card">
              Add Card
            </Button>
          </Group>
          {!stripeCustomerId && <Text>You have no saved cards yet.</Text>}
          {cards.isPending && stripeCustomerId && <PageLoader />}
          {cards.isError && (
            <Text role="alert">{errorMessage(cards.error, 'Unable to load your cards')}</Text>
          )}
          {cards.data && <CardsTable cards={cards.data} stripeCustomerId={stripeCustomerId} />}
        </Stack>
      </Paper>
    </Container>
  );
}
