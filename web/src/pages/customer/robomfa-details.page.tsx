import { Container, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { DetailPage, DetailSection } from '../../components/detail-page.component';
import { PageLoader } from '../../components/page-loader.component';
import { BotGetStarted } from '../../features/bots/bot-get-started.component';
import { BotsTable } from '../../features/bots/bots-table.component';
import { CreateBotForm } from '../../features/bots/create-bot-form.component';
import { RoboMfaHeader } from '../../features/bots/robo-mfa-header.component';
import { RoboMfaMessages } from '../../features/bots/robo-mfa-messages.component';
import { useBotLimits, useRoboMfa } from '../../features/bots/use-robo-mfa';
import { CodeAudit } from '../../features/code-audit/code-audit.component';
import { TextsUsage } from '../../features/mfas/texts-usage.component';
import { RetentionSetting } from '../../features/retention/retention-setting.component';

/**
 * /robo-mfa/details/{mfaid}: the RoboMFA's header, the Create New Bot form and its bots, each with its
 * Get started panel, then its recent texts and which bot read or claimed each.
 */
export function RoboMfaDetailsPage() {
  const { mfaid = '' } = useParams();
  const detail = useRoboMfa(mfaid);
  const limits = useBotLimits();
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
    <DetailPage
      title="RoboMFA Details"
      planName={mfa.plans.planName}
      isSubscriptionActive={mfa.isSubscriptionActive}
    >
      <DetailSection>
        <RoboMfaHeader mfa={mfa} />
      </DetailSection>
      <DetailSection>
        <TextsUsage mfaId={mfa.roboMFAId} />
      </DetailSection>
      <DetailSection>
        <RetentionSetting mfaId={mfa.roboMFAId} />
      </DetailSection>
      <DetailSection>
        <Stack gap="md">
          <CreateBotForm mfaId={mfa.roboMFAId} limit={mfa.plans.noOfUsers} count={mfa.bots.length} />
          <BotsTable mfaId={mfa.roboMFAId} bots={mfa.bots} />
          {mfa.bots.map((bot) => (
            <BotGetStarted key={bot.botId} bot={bot} limits={limits.data} />
          ))}
        </Stack>
      </DetailSection>
      <DetailSection>
        <RoboMfaMessages mfaId={mfa.roboMFAId} bots={mfa.bots} />
      </DetailSection>
      <DetailSection>
        <CodeAudit mfaId={mfa.roboMFAId} />
      </DetailSection>
    </DetailPage>
  );
}
