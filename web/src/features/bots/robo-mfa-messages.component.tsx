import { Badge, Stack, Text } from '@mantine/core';
import type { Bot, RoboMfaMessage } from '@multimfa/api-contract';
import { RecentTexts } from '../messages/recent-texts.component';
import { botActionText } from './bot-snippets';
import { useRoboMfaMessages } from './use-robo-mfa-messages';

/** Which bot read, waited for or claimed the text, one line each with the time; or why none has. */
function BotActions({ message, names }: { message: RoboMfaMessage; names: ReadonlyMap<string, string> }) {
  if (message.withheld)
    return (
      <Badge size="sm" color="orange" variant="light">
        Withheld: the subscription had expired
      </Badge>
    );
  if (!message.bots.length) return <Text c="dimmed">No bot has read it</Text>;
  return (
    <Stack gap={2}>
      {message.bots.map((action) => (
        <Text size="sm" key={`${action.botId} ${action.action}`}>
          {botActionText(action, names)}{' '}
          <Text span c="dimmed" size="xs">
            {new Date(action.at).toLocaleTimeString()}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The RoboMFA detail page's recent texts: sender, time, code (masked), and which bot read, waited for
 * or claimed each, so the owner sees why a bot got nothing.
 */
export function RoboMfaMessages({ mfaId, bots }: { mfaId: string; bots: Bot[] }) {
  const names = new Map(bots.map((bot) => [bot.botId, bot.referenceName]));
  return (
    <RecentTexts
      mfaId={mfaId}
      query={useRoboMfaMessages(mfaId)}
      columns={[{ header: 'Bots', cell: (message) => <BotActions message={message} names={names} /> }]}
    />
  );
}
