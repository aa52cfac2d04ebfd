import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { longDate } from '../invoices/invoice-format';
import { useOffboardingReports } from './use-offboarding-reports';

/**
 * The MultiMFA's offboarding reports: per removed member, the services whose codes they received in
 * their last 90 days and the last date each (the accounts whose passwords to rotate). The owner gets
 * each by e-mail too.
 */
export function OffboardingReports({ multiMFAId }: { multiMFAId: string }) {
  const reports = useOffboardingReports(multiMFAId);
  return (
    <Stack gap="xs" data-testid="offboarding-reports">
      <Title order={3} size="h4">
        Offboarding reports
      </Title>
      {reports.isError ? (
        <Text size="sm" c="red" role="alert">
          Offboarding reports not available
        </Text>
      ) : !reports.data ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : reports.data.reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          When you remove a member, the services whose codes they received in their last 90 days are listed
          here, so you know which passwords to rotate.
        </Text>
      ) : (
        reports.data.reports.map((report) => {
          const member = `${report.firstName} ${report.lastName}`.trim() || 'A removed member';
          return (
            <Paper key={report.reportId} withBorder p="sm" data-testid="offboarding-report">
              <Text fw={500}>
                {member}, removed {longDate(report.removedAt)}
              </Text>
              {report.services.length ? (
                <>
                  <Text size="sm">Rotate the passwords of these accounts:</Text>
                  <List size="sm">
                    {report.services.map((service) => (
                      <List.Item key={service.service}>
                        {service.service}: last code on {longDate(service.lastReceivedAt)}
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  No code of a recognised service in their last 90 days: nothing to rotate.
                </Text>
              )}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
