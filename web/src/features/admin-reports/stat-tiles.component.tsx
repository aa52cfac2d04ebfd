import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DashboardStats } from '@multimfa/api-contract';

/**
 * One tile per figure of the dashboard (admin-area section 3), each labelled by what it counts: the
 * texts that reached our numbers (from the per-day series the chart draws, so by UTC day), then the
 * codes forwarded by SMS and by e-mail (one per member reached), the numbers and the sign-ups.
 */
export function StatTiles({ stats }: { stats: DashboardStats }) {
  const receivedPerDay = stats.textsPerDay.map((day) => day.received);
  const tiles: Array<[string, number]> = [
    ['Texts received (today, UTC)', receivedPerDay.at(-1) ?? 0],
    ['Texts received (30 days)', receivedPerDay.reduce((sum, count) => sum + count, 0)],
    ['Forwarded by SMS (all time)', stats.sms],
    ['Forwarded by e-mail (all time)', stats.email],
    ['Forwarded by SMS (24 hours)', stats.messagesSent.sms.daily],
    ['Forwarded by SMS (7 days)', stats.messagesSent.sms.weekly],
    ['Forwarded by SMS (30 days)', stats.messagesSent.sms.monthly],
    ['Forwarded by SMS (365 days)', stats.messagesSent.sms.yearly],
    ['Forwarded by e-mail (24 hours)', stats.messagesSent.email.daily],
    ['Forwarded by e-mail (7 days)', stats.messagesSent.email.weekly],
    ['Forwarded by e-mail (30 days)', stats.messagesSent.email.monthly],
    ['Forwarded by e-mail (365 days)', stats.messagesSent.email.yearly],
    ['MultiMFAs', stats.multiMFAs],
    ['Inactive MultiMFAs', stats.inactiveMultiMFAs],
    ['RoboMFAs', stats.roboMFAs],
    ['Inactive RoboMFAs', stats.inactiveRoboMFAs],
    ['Occupied Numbers', stats.occupiedTwilios],
    ['Users (24 hours)', stats.users.daily],
    ['Users (7 days)', stats.users.weekly],
    ['Users (30 days)', stats.users.monthly],
    ['Users (365 days)', stats.users.yearly],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
      {tiles.map(([label, value]) => (
        <Paper key={label} withBorder p="md" role="group" aria-label={label} data-testid={`tile-${label}`}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
