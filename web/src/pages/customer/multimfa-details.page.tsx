import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader.component';
import { AddMemberForm } from '../../features/members/add-member-form.component';
import { MembersTable } from '../../features/members/members-table.component';
import { MfaDetailsForm } from '../../features/members/mfa-details-form.component';
import { useInviteMember, useMfaDetails } from '../../features/members/use-mfa-details';
import { RecentMessages } from '../../features/messages/recent-messages.component';
import { TextsUsage } from '../../features/mfas/texts-usage.component';
import { OffboardingReports } from '../../features/offboarding/offboarding-reports.component';
import { RetentionSetting } from '../../features/retention/retention-setting.component';

/** /details/{mfaid}: the MultiMFA's header fields and its members (customer-area section 2). */
export function MultiMfaDetailsPage() {
  const { mfaid = '' } = useParams();
  const details = useMfaDetails(mfaid);
  const invite = useInviteMember(mfaid);

  if (details.isPending) return <PageLoader />;
  if (details.isError || !details.data) {
    return <Text role="alert">{details.error?.message ?? 'MFA not found'}</Text>;
  }
  const mfa = details.data;
  return (
    <Stack gap="lg" maw={960} mx="auto" p="md">
      <Title order={2}>MultiMFA Details</Title>
      <Card withBorder>
        <MfaDetailsForm mfa={mfa} />
      </Card>
      <Card withBorder>
        <TextsUsage mfaId={mfa.multiMFAId} />
      </Card>
      <Card withBorder>
        <RetentionSetting mfaId={mfa.multiMFAId} />
      </Card>
      <Card withBorder>
        <AddMemberForm mfa={mfa} />
      </Card>
      <Card withBorder>
        <MembersTable
          multiMFAId={mfa.multiMFAId}
          members={mfa.Members}
          inviteAction={(member) => (
            <Button
              size="xs"
              variant="light"
              loading={invite.isPending && invite.variables?.memberId === member.memberId}
              onClick={() => invite.mutate(member)}
            >
              Invite
            </Button>
          )}
        />
      </Card>
      <Card withBorder>
        <RecentMessages multiMFAId={mfa.multiMFAId} />
      </Card>
      <Card withBorder>
        <OffboardingReports multiMFAId={mfa.multiMFAId} />
      </Card>
    </Stack>
  );
}
