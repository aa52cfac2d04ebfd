import { parseArgs } from 'node:util';
import { type FetchLike, MultiMfaBot } from '../multimfa-bot.client.js';
import { MultiMfaBotError } from '../multimfa-bot.errors.js';

export const USAGE = `Usage: multimfa-bot <command> [options]   (the API key from MULTIMFA_API_KEY)

  wait   [--sender NAME] [--timeout SECONDS] [--since CURSOR] [--json]
         Waits for the next text with a code (default 60 s) and prints the code alone
         (--json: the whole message, with its cursor).
  list   [--since CURSOR] [--limit N]    Prints a page of texts as JSON.
  claim  MESSAGE_ID                      Claims a text for this bot; prints the claim as JSON.

Options:
  --base-url URL   where MultiMFA answers (or MULTIMFA_BASE_URL), e.g. https://app.multimfa.com

Exit status: 0 done, 1 the call failed (one line on stderr says why), 2 bad usage.`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** What a run may be given in place of the real network and clock (tests). */
export interface CliDependencies {
  fetch?: FetchLike;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

class UsageError extends Error {}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new UsageError(`--${name} must be a number above 0, not "${value}"`);
  return number;
}

/** Runs one command line; answers the exit status. Output goes through `io` only. */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  dependencies: CliDependencies = {},
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        sender: { type: 'string' },
        since: { type: 'string' },
        timeout: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        'base-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === 'help' || command === undefined) {
      io.stdout(`${USAGE}\n`);
      return command === undefined && !values.help ? 2 : 0;
    }
    const apiKey = env.MULTIMFA_API_KEY?.trim();
    if (!apiKey)
      throw new UsageError("MULTIMFA_API_KEY is not set: export the bot's API key from its RoboMFA page");
    const baseUrl = values['base-url'] ?? env.MULTIMFA_BASE_URL?.trim();
    if (!baseUrl) throw new UsageError('No base URL: pass --base-url or set MULTIMFA_BASE_URL');
    let bot: MultiMfaBot;
    try {
      bot = new MultiMfaBot({ apiKey, baseUrl, ...dependencies });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    switch (command) {
      case 'wait': {
        if (rest.length) throw new UsageError(`wait takes no argument ("${rest[0]}")`);
        const timeoutMs = positiveNumber('timeout', values.timeout, 60) * 1000;
        const message = await bot.waitForCode({
          timeoutMs,
          ...(values.sender ? { sender: values.sender } : {}),
          ...(values.since ? { since: values.since } : {}),
        });
        io.stdout(values.json ? `${JSON.stringify(message)}\n` : `${message.code}\n`);
        return 0;
      }
      case 'list': {
        if (rest.length) throw new UsageError(`list takes no argument ("${rest[0]}")`);
        const limit = values.limit === undefined ? undefined : Number(values.limit);
        if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0 && limit <= 100))
          throw new UsageError(`--limit must be a whole number from 0 to 100, not "${values.limit}"`);
        const page = await bot.list({
          ...(values.since ? { since: values.since } : {}),
          ...(limit === undefined ? {} : { limit }),
        });
        io.stdout(`${JSON.stringify(page)}\n`);
        return 0;
      }
      case 'claim': {
        if (rest.length !== 1) throw new UsageError('claim takes one MESSAGE_ID');
        io.stdout(`${JSON.stringify(await bot.claim(rest[0] as string))}\n`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}": wait, list or claim (--help)`);
    }
  } catch (error) {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const reason =
      error instanceof MultiMfaBotError ? `${error.code}: ${error.message}` : (error as Error).message;
    io.stderr(`multimfa-bot: ${reason.replace(/\s*\n\s*/g, ' ')}\n`);
    return usage ? 2 : 1;
  }
}
