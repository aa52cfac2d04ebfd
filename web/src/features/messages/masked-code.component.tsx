import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useRevealCode } from '../code-audit/use-code-audit';

/**
 * A text's code as the detail pages show it: dots until Reveal, which asks the server for it (each
 * reveal is recorded in the MFA's code audit); "—" for a text without one.
 */
export function MaskedCode({
  mfaId,
  messageId,
  hasCode,
}: {
  mfaId: string;
  messageId: string;
  hasCode: boolean;
}) {
  const reveal = useRevealCode(mfaId);
  const [shown, setShown] = useState(false);
  if (!hasCode) return <Text c="dimmed">—</Text>;
  const code = shown ? reveal.data?.code : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff="monospace" aria-label={code ? `Code ${code}` : 'Code hidden'}>
        {code ?? '••••••'}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={reveal.isPending}
        onClick={() => {
          if (shown) return setShown(false);
          setShown(true);
          reveal.mutate(messageId);
        }}
      >
        {shown ? 'Hide' : 'Reveal'}
      </Button>
      {reveal.isError && (
        <Text role="alert" size="xs" c="red">
          {reveal.error.message}
        </Text>
      )}
    </Group>
  );
}
