import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { RETENTION_DAYS } from '@multimfa/api-contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRetention, useSaveRetention } from './use-retention';

/**
 * The MFA's retention on its detail page (MultiMFA and RoboMFA): how many days, 1 to 90, its texts
 * keep their bodies and codes before they are deleted; the logs keep sender, time, status and service.
 */
export function RetentionSetting({ mfaId }: { mfaId: string }) {
  const retention = useRetention(mfaId);
  const save = useSaveRetention(mfaId);
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (retention.data) setDays(retention.data.retentionDays);
  }, [retention.data]);
  return (
    <Stack gap="xs" data-testid="retention-setting">
      <Title order={3} size="h4">
        Retention
      </Title>
      <Text size="sm" c="dimmed">
        Bodies and codes of texts to this number are deleted after this many days ({RETENTION_DAYS.min} to{' '}
        {RETENTION_DAYS.max}, {RETENTION_DAYS.default} unless you choose). Sender, time, delivery status and
        service stay in the logs. See the <Link to="/privacy">privacy policy</Link>.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(typeof days === 'number' ? days : Number(days));
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Keep bodies and codes for (days)"
            value={days}
            onChange={setDays}
            allowDecimal={false}
            w={260}
            disabled={!retention.data}
          />
          <Button type="submit" loading={save.isPending} disabled={!retention.data}>
            Save retention
          </Button>
        </Group>
      </form>
      {retention.isError ? (
        <Text size="sm" c="red" role="alert">
          Retention not available
        </Text>
      ) : null}
    </Stack>
  );
}
