import { Progress, Stack, Text } from '@mantine/core';
import { longDate } from '../invoices/invoice-format';
import { overageLine, textsUsedLine } from './texts-usage';
import { useMfaUsage } from './use-mfa-usage';

/** Texts the MFA received this period against its plan's allowance. */
export function TextsUsage({ mfaId }: { mfaId: string }) {
  const usage = useMfaUsage(mfaId);
  if (!usage.data)
    return (
      <Text c="dimmed" data-testid="texts-usage">
        {usage.isError ? 'Texts used this period: not available' : 'Texts used this period: …'}
      </Text>
    );
  const { textsUsed, textsAllowed, periodEnd } = usage.data;
  const over = overageLine(usage.data);
  return (
    <Stack gap={4} data-testid="texts-usage">
      <Text fw={500}>{textsUsedLine(usage.data)}</Text>
      <Progress
        value={textsAllowed > 0 ? Math.min(100, (textsUsed / textsAllowed) * 100) : 100}
        color={over ? 'orange' : 'blue'}
        aria-label="Texts used of the allowance"
      />
      <Text size="sm" c="dimmed">
        Until {longDate(periodEnd)}
      </Text>
      {over ? (
        <Text size="sm" c="orange.8">
          {over}
        </Text>
      ) : null}
    </Stack>
  );
}
