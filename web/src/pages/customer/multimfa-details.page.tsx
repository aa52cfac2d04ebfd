import { Button, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { DetailPage, DetailSection } from '../../components/detail-page.component';
import { PageLoader } from '../../components/page-loader.component';
import { CodeAudit } from '../../features/code-audit/code-audit.component';
import { DestinationsSection } from '../../features/destinations/destinations-section.component';
import { RoutingSection } from '../../features/destinations/routing-section.component';
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
    <DetailPage
      title="MultiMFA Details"
      planName={mfa.plans.planName}
      isSubscriptionActive={mfa.isSubscriptionActive}
    >
      <DetailSection>
        <MfaDetailsForm mfa={mfa} />
      </DetailSection>
      <DetailSection>
        <TextsUsage mfaId={mfa.multiMFAId} />
      </DetailSection>
      <DetailSection>
        <RetentionSetting mfaId={mfa.multiMFAId} />
      </DetailSection>
      <DetailSection>
        <AddMemberForm mfa={mfa} />
      </DetailSection>
      <DetailSection>
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
      </DetailSection>
      <DetailSection>
        <DestinationsSection multiMFAId={mfa.multiMFAId} />
      </DetailSection>
      <DetailSection>
        <RoutingSection multiMFAId={mfa.multiMFAId} members={mfa.Members} />
      </DetailSection>
      <DetailSection>
        <RecentMessages multiMFAId={mfa.multiMFAId} />
      </DetailSection>
      <DetailSection>
        <CodeAudit mfaId={mfa.multiMFAId} />
      </DetailSection>
      <DetailSection>
        <OffboardingReports multiMFAId={mfa.multiMFAId} />
      </DetailSection>
    </DetailPage>
  );
}
