/** A subscription's current period: from `periodStart` up to (not including) `nextPaymentDate`. */
export interface Period {
  periodStart: Date;
  nextPaymentDate: Date;
}

/**
 * The start of the period a text counted at `countedAt` is metered in. A text at or after the payment
 * date, before the renewal job has moved the period, belongs to the period that starts then. A text
 * applied after its own period was renewed (it was billed already) is metered in the current period,
 * so it is billed on the next invoice rather than never.
 */
export function usagePeriodStart(period: Period, countedAt: Date): Date {
  if (countedAt >= period.nextPaymentDate) return period.nextPaymentDate;
  return period.periodStart;
}

/** The plan's allowance and the price of each text over it, in cents. */
export interface Allowance {
  textsPerMonth: number;
  extraTextPriceCents: number;
}

/** Texts over the allowance and what they cost, in cents. */
export function overage(texts: number, allowance: Allowance): { textsOver: number; amountCents: number } {
  const textsOver = Math.max(0, texts - allowance.textsPerMonth);
  return { textsOver, amountCents: textsOver * allowance.extraTextPriceCents };
}

export interface InvoiceLineDraft {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The lines of a renewal invoice: the plan for the new period, then the texts over the allowance in
 * the period that just ended (none when it stayed within it).
 */
export function renewalLines(input: {
  planLabel: string;
  basePriceCents: number;
  endedPeriod: { start: Date; end: Date };
  newPeriod: { start: Date; end: Date };
  textsUsed: number;
  allowance: Allowance;
}): InvoiceLineDraft[] {
  const lines: InvoiceLineDraft[] = [
    {
      description: `${input.planLabel} plan, renewal ${day(input.newPeriod.start)} to ${day(input.newPeriod.end)}`,
      quantity: 1,
      unitPriceCents: input.basePriceCents,
      amountCents: input.basePriceCents,
    },
  ];
  return [
    ...lines,
    ...overageLines({ period: input.endedPeriod, textsUsed: input.textsUsed, allowance: input.allowance }),
  ];
}

/**
 * The line of the texts over the allowance in a period (or the part of one before a plan change):
 * none when it stayed within it. The allowance is the whole month's, whatever part of it was used:
 * only texts actually received over it are billed.
 */
export function overageLines(input: {
  period: { start: Date; end: Date };
  textsUsed: number;
  allowance: Allowance;
}): InvoiceLineDraft[] {
  const over = overage(input.textsUsed, input.allowance);
  if (over.textsOver === 0) return [];
  return [
    {
      description: `${over.textsOver} texts over the ${input.allowance.textsPerMonth}-text allowance, ${day(input.period.start)} to ${day(input.period.end)}`,
      quantity: over.textsOver,
      unitPriceCents: input.allowance.extraTextPriceCents,
      amountCents: over.amountCents,
    },
  ];
}

/**
 * The smallest amount a card can be charged, in US cents (Stripe refuses less). An overage invoice of
 * its own that comes to less (fewer than 25 texts over at $0.02) is waived rather than issued: it
 * could be neither charged nor paid. A renewal always comes to more (it carries the plan's price).
 */
export const MINIMUM_CHARGE_CENTS = 50;

/** Whether the texts over the allowance on these lines are invoiced on their own. */
export function overageInvoiced(lines: InvoiceLineDraft[]): 'NOTHING_OVER' | 'BELOW_MINIMUM' | 'INVOICE' {
  if (lines.length === 0) return 'NOTHING_OVER';
  return totalCents(lines) < MINIMUM_CHARGE_CENTS ? 'BELOW_MINIMUM' : 'INVOICE';
}

/** The description of an overage invoice: its plan and its one line. */
export const overageDescription = (planLabel: string, lines: InvoiceLineDraft[]) =>
  [`${planLabel} plan`, ...lines.map((line) => line.description)].join(', ');

/** What an invoice with these lines comes to, in cents. */
export const totalCents = (lines: InvoiceLineDraft[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);
