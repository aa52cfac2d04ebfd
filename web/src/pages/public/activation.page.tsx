import { Alert, Button, Card, Center, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ForwardMedium, Invitation } from '@multimfa/api-contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ConfettiBurst } from '../../components/confetti-burst.component';
import { PageLoader } from '../../components/page-loader.component';
import {
  ACCEPTED_MESSAGE,
  ALREADY_ACCEPTED_MESSAGE,
  type Answer,
  INVITATION_NOT_FOUND_MESSAGE,
  REJECTED_MESSAGE,
  useAcceptInvitation,
  useInvitation,
  useRejectInvitation,
} from '../../features/invitation/use-invitation';
import { notify } from '../../notify/notify';

/** What the member will receive, by the member's forward medium. */
const RECEIVES: Record<ForwardMedium, string> = {
  EMAIL: 'by e-mail',
  MOBILE_NUMBER: 'by SMS',
  BOTH: 'by e-mail and by SMS',
};

/** Who invites, to which team and number, and how the codes will come. */
function InvitationDetails({ invitation }: { invitation: Invitation }) {
  const inviter = invitation.inviterName ?? 'The team’s owner';
  return (
    <Stack gap="xs">
      <Text>
        {invitation.firstName} {invitation.lastName}, {inviter} invites you to the MultiMFA team{' '}
        <strong>{invitation.teamName}</strong>.
      </Text>
      <Text>
        Once you accept, the verification codes texted to{' '}
        {invitation.teamNumber ? <strong>{invitation.teamNumber}</strong> : 'the team’s number'} are forwarded
        to you {RECEIVES[invitation.forwardMedium]}.
      </Text>
    </Stack>
  );
}

/**
 * /activation/{info}: the invited member accepts or rejects with the token from the link (customer-
 * area sections 2 Invitation screen and 4 Invitation view), seeing who invites them to which team and
 * number, and how the codes will come. /activation (no token in the link) asks for the token by hand.
 * An already verified invitation shows as accepted.
 */
export function ActivationPage() {
  const { info = '' } = useParams();
  const [token, setToken] = useState(info);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const invitation = useInvitation(info);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();

  if (invitation.isLoading) return <PageLoader />;
  const shown: Answer | null =
    answer ??
    (invitation.data?.isVerified ? 'already-accepted' : invitation.data === null ? 'not-found' : null);

  const onAnswered = (result: Answer) => {
    if (result === 'rejected') notify.info('Invitation Rejected');
    setAnswer(result);
  };
  const failed = (error: Error) => notify.error(error.message);

  return (
    <Center mih="60vh" p="md">
      {shown === 'accepted' && <ConfettiBurst />}
      <Card withBorder maw={480} w="100%">
        <Stack gap="md">
          <Title order={2}>Member Invitation</Title>
          {shown === 'accepted' && <Alert color="green">{ACCEPTED_MESSAGE}</Alert>}
          {shown === 'already-accepted' && <Alert color="green">{ALREADY_ACCEPTED_MESSAGE}</Alert>}
          {shown === 'rejected' && <Alert color="gray">{REJECTED_MESSAGE}</Alert>}
          {shown === 'not-found' && <Alert color="red">{INVITATION_NOT_FOUND_MESSAGE}</Alert>}
          {(shown === null || (shown === 'not-found' && !info)) && (
            <>
              {invitation.data && <InvitationDetails invitation={invitation.data} />}
              {!info && (
                <TextInput
                  label="Token"
                  value={token}
                  onChange={(event) => setToken(event.currentTarget.value)}
                />
              )}
              <Group justify="flex-end">
                <Button
                  variant="default"
                  loading={reject.isPending}
                  disabled={!token.trim()}
                  onClick={() => reject.mutate(token.trim(), { onSuccess: onAnswered, onError: failed })}
                >
                  Reject
                </Button>
                <Button
                  loading={accept.isPending}
                  disabled={!token.trim()}
                  onClick={() => accept.mutate(token.trim(), { onSuccess: onAnswered, onError: failed })}
                >
                  Accept
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
