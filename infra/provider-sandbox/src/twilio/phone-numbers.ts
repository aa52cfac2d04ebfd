/** Phone numbers as Twilio reads them: E.164, the country they belong to, SMS segments. */

import { createHash } from 'node:crypto';

const E164 = /^\+[1-9]\d{6,14}$/;

/** The E.164 form of a number typed with spaces, dashes, dots or parentheses; undefined if it is not one. */
export function toE164(raw: string): string | undefined {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  return E164.test(compact) ? compact : undefined;
}

/**
 * The SID of a number the account owns from the start: the same at every start (as a real account's
 * numbers keep theirs), so a number pool filled with them stays valid across restarts of the sandbox.
 */
export function ownedNumberSid(accountSid: string, e164: string): string {
  return `PN${createHash('sha256').update(`${accountSid}:${e164}`).digest('hex').slice(0, 32)}`;
}

const CANADIAN_AREA_CODES = new Set(
  '204 226 236 249 250 263 289 306 343 354 365 367 368 382 403 416 418 428 431 437 438 450 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905'.split(
    ' ',
  ),
);

const CALLING_CODES: Array<[string, string]> = [
  ['+353', 'IE'],
  ['+44', 'GB'],
  ['+61', 'AU'],
  ['+49', 'DE'],
  ['+33', 'FR'],
  ['+91', 'IN'],
  ['+31', 'NL'],
  ['+34', 'ES'],
  ['+39', 'IT'],
  ['+46', 'SE'],
  ['+47', 'NO'],
  ['+45', 'DK'],
  ['+41', 'CH'],
  ['+64', 'NZ'],
  ['+65', 'SG'],
  ['+52', 'MX'],
  ['+55', 'BR'],
  ['+81', 'JP'],
];

/** ISO country of an E.164 number, for Twilio's FromCountry / ToCountry; '' when unknown. */
export function countryOf(e164: string): string {
  if (e164.startsWith('+1')) return CANADIAN_AREA_CODES.has(e164.slice(2, 5)) ? 'CA' : 'US';
  return CALLING_CODES.find(([prefix]) => e164.startsWith(prefix))?.[1] ?? '';
}

/** Twilio's friendly name: "(415) 555-0123" for North American numbers, else the E.164 form. */
export function friendlyName(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS segments a body takes: GSM-7 (160, or 153 per part) or UCS-2 (70, or 67 per part). */
export function smsSegments(body: string): number {
  let gsmLength = 0;
  let gsm = true;
  for (const char of body) {
    if (GSM_BASIC.includes(char)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(char)) gsmLength += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return gsmLength <= 160 ? 1 : Math.ceil(gsmLength / 153);
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
