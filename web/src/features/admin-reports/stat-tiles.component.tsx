import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DashboardStats } from '@multimfa/api-contract';

/** One tile per figure of the dashboard (admin-area section 3). */
export function StatTiles({ stats }: { stats: DashboardStats }) {
  const tiles: Array<[string, number]> = [
    ['SMS', stats.sms],
    ['Email', stats.email],
    ['SMS (24 hours)', stats.messagesSent.sms.daily],
    ['SMS (7 days)', stats.messagesSent.sms.weekly],
    ['SMS (30 days)', stats.messagesSent.sms.monthly],
    ['SMS (365 days)', stats.messagesSent.sms.yearly],
    ['Email (24 hours)', stats.messagesSent.email.daily],
    ['Email (7 days)', stats.messagesSent.email.weekly],
    ['Email (30 days)', stats.messagesSent.email.monthly],
    ['Email (365 days)', stats.messagesSent.email.yearly],
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
