// Finds the one-time code in a received SMS.
//
// No library is used. The npm candidates were parse-otp-message (last published years ago, CommonJS,
// a handful of downloads, English-only, no origin-bound lines, answers a guess where we want null) and
// @onedaydevelopers/otp-detector (a few hundred downloads a month, no vendor or sender knowledge,
// no origin-bound lines); the maintained extractors found (otp-message-extractor) are Python. The
// rules here are ours and the table in extraction-cases.fixture.ts is their specification.
//
// Order: 1. an origin-bound last line (`@example.com #123456`), 2. a known vendor format (G-123456,
// FB-12345, WhatsApp's 123-456, Steam Guard's 5 letters), 3. the keyword heuristics (heuristics.rules.ts).
// The first that answers wins; when none is sure, the answer is null: a wrong code forwarded to a team
// is worse than none.
import type { ExtractedCode } from './extracted-code.types.js';
import { asciiDigits, heuristicCode } from './heuristics.rules.js';
import { originBoundCode } from './origin-bound.rules.js';
import { vendorFormatCode, vendorNamedNear, vendorOfSender } from './vendors.rules.js';

/** Longer than any SMS (10 segments); the rest of a longer text is not read, which keeps every call fast. */
export const MAX_TEXT_LENGTH = 2000;

/** Named vendor: the heuristic answer is about a service we know the messages of. */
const NAMED_VENDOR_BONUS = 0.05;
const HEURISTIC_CEILING = 0.94;

export function extractCode(text: string, sender?: string): ExtractedCode | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const originBound = originBoundCode(text.slice(-MAX_TEXT_LENGTH));
  if (originBound) return originBound;

  const head = asciiDigits(text.slice(0, MAX_TEXT_LENGTH));
  const vendorFormat = vendorFormatCode(head, sender);
  if (vendorFormat) return vendorFormat;

  const match = heuristicCode(head);
  if (!match) return null;
  const service = vendorOfSender(sender) ?? vendorNamedNear(head, match.position);
  const confidence = Math.min(HEURISTIC_CEILING, match.confidence + (service ? NAMED_VENDOR_BONUS : 0));
  return {
    code: match.code,
    confidence: Math.round(confidence * 100) / 100,
    ...(service ? { service } : {}),
  };
}
