import { z } from 'zod';

/** Letters (any script), spaces and . ' - only: no digits, links, markup or other symbols. */
const LETTERS = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
/** A dot followed by two letters reads as a domain name ("evil.example"), so a link in an SMS. */
const DOMAIN_LIKE = /\.[\p{L}\p{M}]{2}/u;

/**
 * The one rule for people's names (customers, administrators, members): they go into e-mails and
 * into SMS sent from our numbers ("Hi {firstName}, ..."), so they hold letters, spaces and . ' -
 * only, and no dot right before two letters ("J. R. R." and "J.R.R." pass, "evil.example" does not).
 */
export const isPersonName = (value: string): boolean => LETTERS.test(value) && !DOMAIN_LIKE.test(value);

/** A required name field: trimmed, at most `maxLength` characters, the rule above, with the product's messages. */
export function personNameField(label: 'First name' | 'Last name', maxLength: number) {
  const missing = `Please provide ${label.toLowerCase()}`;
  const rule = `${label} may hold only letters, spaces and . ' -`;
  // Checks in this order: the first refusal is the one shown.
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(maxLength, `${label} is too long`)
    .regex(LETTERS, rule)
    .refine((value) => !DOMAIN_LIKE.test(value), rule);
}
