import type { SavedCard } from '@multimfa/api-contract';

/** Rows per page of the card and invoice tables (customer-area section 9). */
export const PAGE_SIZE = 25;

/** Only the last four digits are ever shown. */
export function maskedNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

/** 1 → January (the table shows the expiry month by name). */
export function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/** A card in the invoice payment dropdown: masked last four, month name and year. */
export function cardLabel(card: Pick<SavedCard, 'last4' | 'exp_month' | 'exp_year'>): string {
  return `${maskedNumber(card.last4)} - ${monthName(card.exp_month)} ${card.exp_year}`;
}

/** The month input: digits only, at most 2, clamped to 1-12 (customer-area section 5, Card update). */
export function monthInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 2);
  if (digits === '') return '';
  const month = Number(digits);
  if (month < 1) return digits.length === 2 ? '1' : digits;
  return month > 12 ? '12' : digits;
}

/** The year input: digits only, at most 4. */
export function yearInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export interface CardUpdateFields {
  name: string;
  month: string;
  year: string;
  zip: string;
}

/** The Update Card checks, in the spec's words; undefined when the fields may be sent. */
export function cardUpdateError(fields: CardUpdateFields, currentYear: number): string | undefined {
  if (!fields.month || Number(fields.month) < 1) return 'Please provide expiry month';
  if (!fields.year) return 'Please provide expiry year';
  if (fields.year.length !== 4 || Number(fields.year) < currentYear) return 'Expiry year should be valid';
  if (!fields.name.trim()) return 'Please provide card holder name';
  return undefined;
}
