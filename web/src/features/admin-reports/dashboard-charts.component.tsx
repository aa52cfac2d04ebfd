import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { DashboardStats } from '@multimfa/api-contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const shortDate = (date: string) => date.slice(5);

/** Sign-ups per day and texts per day over the last 30 days (drawn with recharts). */
export function DashboardCharts({ stats }: { stats: DashboardStats }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p="md" component="section" aria-labelledby="sign-ups-chart">
        <Title order={2} size="h4" id="sign-ups-chart" mb="sm">
          Sign-ups per day
        </Title>
        <div style={{ width: '100%', height: 260 }} data-testid="sign-ups-chart">
          <ResponsiveContainer>
            <BarChart data={stats.signUpsPerDay}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={shortDate} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="count" name="Sign-ups" fill="#228be6" />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <Text size="xs" c="dimmed">
          Customers who signed up, per day (UTC), the last 30 days
        </Text>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="texts-chart">
        <Title order={2} size="h4" id="texts-chart" mb="sm">
          Texts per day
        </Title>
        <div style={{ width: '100%', height: 260 }} data-testid="texts-chart">
          <ResponsiveContainer>
            <LineChart data={stats.textsPerDay}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={shortDate} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="received" name="Received" stroke="#7950f2" dot={false} />
              <Line type="monotone" dataKey="sms" name="Forwarded by SMS" stroke="#40c057" dot={false} />
              <Line type="monotone" dataKey="email" name="Forwarded by e-mail" stroke="#fab005" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <Text size="xs" c="dimmed">
          Texts received on our numbers, and forwards sent by SMS and by e-mail, per day (UTC), the last 30
          days
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
