/** Shown in Payment Date while an invoice is unpaid. */
export const TO_BE_PAID = 'To be paid';

/** A long date: 22 November 2026 → "November 22, 2026". */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function paymentDate(iso: string | null): string {
  return iso ? longDate(iso) : TO_BE_PAID;
}
