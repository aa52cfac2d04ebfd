import type { ExtractedCode } from './extracted-code.types.js';

// The origin-bound one-time code line (WHATWG "SMS one-time codes"): the message's last line is
// `@host #code`, optionally followed by ` @embedded-host` when the code is for an iframe of another
// origin. Apple adds a ` %host` part and some senders put `%` before the `#`; both are accepted. The
// service is the top-level host: the site the user is looking at.
const HOST = '[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})+(?::\\d{1,5})?';
const ORIGIN_BOUND_LINE = new RegExp(
  `^@(?<host>${HOST}) %?#(?<code>[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?: [@%]${HOST}){0,2}$`,
);

/** The last line may be long in a hostile message; an origin-bound line never is. */
const MAX_LINE = 300;

export function originBoundCode(text: string): ExtractedCode | null {
  const trimmed = text.trimEnd();
  const lastBreak = Math.max(trimmed.lastIndexOf('\n'), trimmed.lastIndexOf('\r'));
  const line = trimmed.slice(lastBreak + 1).trim();
  if (line.length > MAX_LINE) return null;
  const match = ORIGIN_BOUND_LINE.exec(line);
  const host = match?.groups?.host;
  const code = match?.groups?.code;
  if (!host || !code || code.length > 32) return null;
  return { code, service: host.toLowerCase(), confidence: 0.99 };
}
