import { Container, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { PageLoader } from '../../components/page-loader.component';
import { BotsTable } from '../../features/bots/bots-table.component';
import { CreateBotForm } from '../../features/bots/create-bot-form.component';
import { RoboMfaHeader } from '../../features/bots/robo-mfa-header.component';
import { useRoboMfa } from '../../features/bots/use-robo-mfa';
import { TextsUsage } from '../../features/mfas/texts-usage.component';
import { RetentionSetting } from '../../features/retention/retention-setting.component';

/** /robo-mfa/details/{mfaid}: the RoboMFA's header, the Create New Bot form and its bots. */
export function RoboMfaDetailsPage() {
  const { mfaid = '' } = useParams();
  const detail = useRoboMfa(mfaid);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    return (
      <Container size="sm" py="xl">
        <Text role="alert">{errorMessage(detail.error, 'RoboMFA not found')}</Text>
      </Container>
    );
  }
  const mfa = detail.data;
  return (
    <Container size="md" py={{ base: 'md', md: 'xl' }} px={0}>
      <Stack gap="lg">
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <RoboMfaHeader mfa={mfa} />
        </Paper>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <TextsUsage mfaId={mfa.roboMFAId} />
        </Paper>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <RetentionSetting mfaId={mfa.roboMFAId} />
        </Paper>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <CreateBotForm mfaId={mfa.roboMFAId} limit={mfa.plans.noOfUsers} count={mfa.bots.length} />
            <BotsTable mfaId={mfa.roboMFAId} bots={mfa.bots} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
