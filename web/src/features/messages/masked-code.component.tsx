import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

/** A text's code as the detail pages show it: dots until its Reveal is pressed ("—" for none). */
export function MaskedCode({ code }: { code: string | null }) {
  const [shown, setShown] = useState(false);
  if (!code) return <Text c="dimmed">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff="monospace" aria-label={shown ? `Code ${code}` : 'Code hidden'}>
        {shown ? code : '•'.repeat(code.length)}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={() => setShown((value) => !value)}>
        {shown ? 'Hide' : 'Reveal'}
      </Button>
    </Group>
  );
}
