import { BOT_WAIT_MAX_SECONDS, type BotMessageAction, nextBotMessage } from '@multimfa/api-contract';

/** What a key starts with; every key is this and 43 base64url characters. */
const KEY_PREFIX = 'mmfa_bot_';

/** A key as the page shows it until revealed: its prefix and its last four characters. */
export const maskedKey = (key: string) => `${KEY_PREFIX}${'•'.repeat(8)}${key.slice(-4)}`;

/** The bot call's address on this site: the wait for the next text, for as long as a wait may last. */
export const waitUrl = (origin: string) => `${origin}${nextBotMessage.path}?timeout=${BOT_WAIT_MAX_SECONDS}`;

export type SnippetLanguage = 'curl' | 'node';

/** A bot's first call, waiting for its RoboMFA's next text, in the shell or in Node (18+, its fetch). */
export function waitSnippet(language: SnippetLanguage, origin: string, key: string): string {
  const url = waitUrl(origin);
  if (language === 'curl')
    return [
      `# Waits up to ${BOT_WAIT_MAX_SECONDS} s for the next text; 204 when none came, ask again.`,
      `curl -s -H "Authorization: Bearer ${key}" \\`,
      `  "${url}"`,
    ].join('\n');
  return [
    `const response = await fetch('${url}', {`,
    `  headers: { Authorization: 'Bearer ${key}' },`,
    '});',
    `// 200: the text (data.code, data.sender, data.cursor); 204: none came within ${BOT_WAIT_MAX_SECONDS} s, ask again.`,
    'if (response.status === 200) console.log((await response.json()).data.code);',
  ].join('\n');
}

const ACTION_WORDS: Record<BotMessageAction['action'], string> = {
  read: 'read it',
  waited: 'got it from a wait',
  claimed: 'claimed it',
};

/** "bot 1 claimed it": a bot's dealing with a text, by the bot's name (a bot deleted since: "A deleted bot"). */
export function botActionText(
  action: Pick<BotMessageAction, 'botId' | 'action'>,
  names: ReadonlyMap<string, string>,
) {
  return `${names.get(action.botId) ?? 'A deleted bot'} ${ACTION_WORDS[action.action]}`;
}
