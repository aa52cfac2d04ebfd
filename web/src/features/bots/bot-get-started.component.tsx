import { Button, Card, Code, CopyButton, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Bot, BotLimits } from '@multimfa/api-contract';
import { useState } from 'react';
import { maskedKey, type SnippetLanguage, waitSnippet } from './bot-snippets';

/** "Never", or the local date and time the key was last used. */
const lastUsedText = (lastUsedAt: string | null) =>
  lastUsedAt ? new Date(lastUsedAt).toLocaleString() : 'Never';

/**
 * Under a bot: its first call as a snippet to copy (curl or Node), the key masked until Reveal (Copy
 * always copies the working snippet), when the key was last used, and what the bot API allows it.
 */
export function BotGetStarted({ bot, limits }: { bot: Bot; limits: BotLimits | undefined }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [revealed, setRevealed] = useState(false);
  const origin = window.location.origin;
  const shown = waitSnippet(language, origin, revealed ? bot.APIKey : maskedKey(bot.APIKey));
  const full = waitSnippet(language, origin, bot.APIKey);
  const label = `Get started with ${bot.referenceName}`;
  return (
    <Card withBorder component="section" aria-label={label}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {label}
        </Title>
        <Group gap="xl" wrap="wrap">
          <Text size="sm">Last used: {lastUsedText(bot.lastUsedAt)}</Text>
          <Text size="sm">
            Rate limit:{' '}
            {limits
              ? `${limits.requestsPerMinute} requests a minute, ${limits.openWaitsPerKey} waits open at once`
              : '…'}
          </Text>
        </Group>
        <SegmentedControl
          aria-label="Snippet language"
          size="xs"
          w="fit-content"
          value={language}
          onChange={(value) => setLanguage(value as SnippetLanguage)}
          data={[
            { label: 'curl', value: 'curl' },
            { label: 'Node', value: 'node' },
          ]}
        />
        <Code
          block
          aria-label={`Snippet for ${bot.referenceName}`}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {shown}
        </Code>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setRevealed((value) => !value)}>
            {revealed ? 'Hide key' : 'Reveal key'}
          </Button>
          <CopyButton value={full}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy snippet'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}
