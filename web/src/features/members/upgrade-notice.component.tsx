import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/session-store';
import { seatsTaken } from './seats';
import { useMfaDetails } from './use-mfa-details';

/**
 * Above the plans on /pricing while a MultiMFA is being upgraded (the session's `upgrade`, set when
 * its members fill the plan): which MultiMFA, why ("it uses 2 of 2 seats"), and the way back to its
 * details. Nothing otherwise.
 */
export function UpgradeNotice() {
  const { upgrade } = useSession();
  return upgrade ? <UpgradeOf multiMFAId={upgrade} /> : null;
}

function UpgradeOf({ multiMFAId }: { multiMFAId: string }) {
  const details = useMfaDetails(multiMFAId);
  if (!details.data) return null;
  const mfa = details.data;
  return (
    <Paper withBorder p="md" bg="yellow.0" aria-labelledby="upgrade-notice-title" component="section">
      <Stack gap={4}>
        <Text fw={700} id="upgrade-notice-title">
          {`Upgrade ${mfa.name}: it uses ${seatsTaken(mfa.Members)} of ${mfa.plans.noOfUsers} seats`}
        </Text>
        <Text size="sm">Choose a plan with more seats to add more members.</Text>
        <Anchor component={Link} to={`/details/${multiMFAId}`} size="sm">
          {`Back to ${mfa.name}`}
        </Anchor>
      </Stack>
    </Paper>
  );
}
