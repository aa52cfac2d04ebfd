import { Alert, Anchor, Button, Group, Loader, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { dashboardNotice, VERIFY_FIRST_MESSAGE } from '../../features/mfas/dashboard-notice';
import { MfaCard, type MfaCardView, multiMfaCard, roboMfaCard } from '../../features/mfas/mfa-card.component';
import { useMultiMfas, useRoboMfas } from '../../features/mfas/use-mfa-lists';

const LIST_ERROR_MESSAGE = 'Unable to fetch your numbers';

function CreateMfaMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button>Create MFA</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/dashboard/add">
          MultiMFA
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/add-robomfa">
          RoboMFA
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function CardSection({ title, cards }: { title: string; cards: MfaCardView[] }) {
  if (cards.length === 0) return null;
  const headingId = `${title}-heading`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {cards.map((card) => (
          <MfaCard key={card.id} mfa={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /dashboard: the customer's MultiMFA and RoboMFA numbers, and the Create MFA menu. */
export function DashboardPage() {
  const location = useLocation();
  const notice = dashboardNotice(location.state);
  const multiMfas = useMultiMfas();
  const roboMfas = useRoboMfas();

  let body: React.ReactNode;
  if (multiMfas.isPending || roboMfas.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Please wait...</Text>
      </Group>
    );
  } else if (multiMfas.isError || roboMfas.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        title={errorMessage(multiMfas.error ?? roboMfas.error, LIST_ERROR_MESSAGE)}
      >
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            void multiMfas.refetch();
            void roboMfas.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (multiMfas.data.length === 0 && roboMfas.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="dashboard-empty">
        You don't have any purchased number
      </Text>
    );
  } else {
    body = (
      <Stack gap="xl">
        <CardSection title="MultiMFA" cards={multiMfas.data.map(multiMfaCard)} />
        <CardSection title="RoboMFA" cards={roboMfas.data.map(roboMfaCard)} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto" py="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <CreateMfaMenu />
      </Group>
      {notice && (
        <Alert color="yellow" variant="light" role="alert" data-testid="dashboard-notice">
          {notice}
          {notice === VERIFY_FIRST_MESSAGE && (
            <>
              {' '}
              <Anchor component={Link} to="/verify" inherit>
                Verify now
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
