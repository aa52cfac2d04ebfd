import { BRAND_NAME } from './brand';

/**
 * Page titles: the brand, then each path segment, joined by " - " (customer-area section 2):
 * /dashboard -> "MultiMFA - Dashboard", /admin/user-report -> "MultiMFA - Admin - User Report".
 *
 * Capitalisation: a segment's dashes become spaces and every word is capitalised
 * (/credit-card-management -> "Credit Card Management"), because the dash is already the separator
 * between segments and "Credit-card-management" reads badly. Product words keep their spelling
 * (MFA, MultiMFA, RoboMFA), and /admin/twilios shows "Numbers", the label of its page.
 * Dynamic segments (ids, invitation tokens) are dropped, so /details/42 -> "MultiMFA - Details".
 * "/" (the sign-in screen) is just "MultiMFA".
 */

const WORDS: Readonly<Record<string, string>> = {
  mfa: 'MFA',
  multimfa: 'MultiMFA',
  robomfa: 'RoboMFA',
};

const SEGMENTS: Readonly<Record<string, string>> = {
  'robo-mfa': 'RoboMFA',
  twilios: 'Numbers',
};

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function segmentLabel(segment: string): string {
  const lower = segment.toLowerCase();
  const known = SEGMENTS[lower];
  if (known) return known;
  return lower
    .split('-')
    .filter(Boolean)
    .map((word) => WORDS[word] ?? capitalise(word))
    .join(' ');
}

/** `dynamicValues`: the values of the route's parameters, which must not show in the title. */
export function pageTitle(pathname: string, dynamicValues: readonly string[] = []): string {
  const hidden = new Set(dynamicValues);
  const labels = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .filter((segment) => !hidden.has(safeDecode(segment)))
    .map(segmentLabel);
  return [BRAND_NAME, ...labels].join(' - ');
}

/** A fixed title for screens whose path says nothing useful (404, errors). */
export function fixedTitle(label: string): string {
  return `${BRAND_NAME} - ${label}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
