// Request and answer examples and copyable snippets (curl, Node, Python) for the bot calls of the
// OpenAPI document: Redoc shows `x-codeSamples` beside each operation, and the examples as its
// request and answer samples. The Node snippets use @multimfa/bot-client (packages/bot-client).

const message = {
  messageId: '7d9f3c2e-8a41-4f55-9b6e-0c1d2e3f4a5b',
  code: '482913',
  service: 'Google',
  sender: 'Google',
  body: 'G-482913 is your Google verification code.',
  receivedAt: '2026-11-29T07:00:00.000Z',
  cursor: 'AZNx1kS0cQ2x',
};

const failure = (message: string, code: string) => ({ isError: true, message, data: { code } });

/** Answers every bot call may give, by status. */
const commonAnswers: Record<string, unknown> = {
  '401': failure('Invalid API key', 'INVALID_API_KEY'),
  '403': failure(
    "This RoboMFA's subscription has expired: texts to its number are kept but not given to bots until it is renewed",
    'SUBSCRIPTION_EXPIRED',
  ),
  '429': failure('Too many requests for this API key, please try again in 42 seconds', 'RATE_LIMITED'),
};

const setup = {
  shell:
    'KEY=mmfa_bot_...  # the bot\u2019s API key, from its RoboMFA\u2019s page\nAPI=https://YOUR-MULTIMFA/api/bot/v1',
  node: "import { MultiMfaBot } from '@multimfa/bot-client';\n\nconst bot = new MultiMfaBot({ apiKey: process.env.MULTIMFA_API_KEY, baseUrl: 'https://YOUR-MULTIMFA' });",
  python:
    "import json, os, urllib.request\n\nAPI = 'https://YOUR-MULTIMFA/api/bot/v1'\nHEADERS = {'Authorization': 'Bearer ' + os.environ['MULTIMFA_API_KEY']}\n",
};

const samples = (shell: string, node: string, python: string) => [
  { lang: 'Shell', label: 'curl', source: `${setup.shell}\n${shell}` },
  { lang: 'JavaScript', label: 'Node', source: `${setup.node}\n${node}` },
  { lang: 'Python', label: 'Python', source: `${setup.python}\n${python}` },
];

export interface BotOperationExamples {
  /** Answer examples by status (the 200's data, wrapped in its envelope, and the failures). */
  answers: Record<string, unknown>;
  /** Query parameter examples by name. */
  query?: Record<string, unknown>;
  codeSamples: Array<{ lang: string; label: string; source: string }>;
}

export const BOT_API_EXAMPLES: Record<string, BotOperationExamples> = {
  nextBotMessage: {
    query: { since: message.cursor, sender: 'Google', timeout: 25 },
    answers: { '200': { isError: false, message: '', data: message }, ...commonAnswers },
    codeSamples: samples(
      '# 204 after `timeout` seconds when nothing came: ask again with the same cursor.\ncurl -s -H "Authorization: Bearer $KEY" "$API/messages/next?sender=Google&timeout=25&since=$CURSOR"',
      "// Long-polls with the cursor and retries 429, 5xx and network errors until timeoutMs.\nconst { code, cursor } = await bot.waitForCode({ sender: 'Google', timeoutMs: 60_000 });\nconsole.log(code);",
      "def wait_for_code(since, sender='Google'):\n    while True:\n        url = f'{API}/messages/next?timeout=25&since={since}&sender={sender}'\n        with urllib.request.urlopen(urllib.request.Request(url, headers=HEADERS), timeout=35) as answer:\n            if answer.status == 200:\n                return json.load(answer)['data']  # 204: nothing yet, ask again",
    ),
  },
  listBotMessages: {
    query: { since: message.cursor, limit: 50 },
    answers: {
      '200': {
        isError: false,
        message: '',
        data: { messages: [message], cursor: message.cursor, hasMore: false },
      },
      ...commonAnswers,
    },
    codeSamples: samples(
      '# limit=0: no messages, only the cursor where the feed stands now (to wait from there).\ncurl -s -H "Authorization: Bearer $KEY" "$API/messages?limit=0"',
      'const { messages, cursor, hasMore } = await bot.list({ limit: 50 });',
      "with urllib.request.urlopen(urllib.request.Request(f'{API}/messages?limit=50', headers=HEADERS)) as answer:\n    page = json.load(answer)['data']\nprint(page['messages'], page['cursor'])",
    ),
  },
  claimBotMessage: {
    answers: {
      '200': {
        isError: false,
        message: 'Message claimed',
        data: {
          messageId: message.messageId,
          botId: '0b6c4f1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b',
          claimedAt: '2026-11-29T07:00:01.000Z',
        },
      },
      '409': failure('Another bot has already claimed this message', 'MESSAGE_ALREADY_CLAIMED'),
      ...commonAnswers,
    },
    codeSamples: samples(
      '# 200 for the first claimer, 409 for every other bot.\ncurl -s -X POST -H "Authorization: Bearer $KEY" "$API/messages/$MESSAGE_ID/claim"',
      'const claim = await bot.claim(messageId); // MultiMfaBotError ALREADY_CLAIMED when another bot was first',
      "request = urllib.request.Request(f'{API}/messages/{message_id}/claim', method='POST', headers=HEADERS)\nwith urllib.request.urlopen(request) as answer:  # HTTPError 409: another bot was first\n    print(json.load(answer)['data'])",
    ),
  },
};
