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
  const over = overage(input.textsUsed, input.allowance);
  if (over.textsOver > 0)
    lines.push({
      description: `${over.textsOver} texts over the ${input.allowance.textsPerMonth}-text allowance, ${day(input.endedPeriod.start)} to ${day(input.endedPeriod.end)}`,
      quantity: over.textsOver,
      unitPriceCents: input.allowance.extraTextPriceCents,
      amountCents: over.amountCents,
    });
  return lines;
}

/** What an invoice with these lines comes to, in cents. */
export const totalCents = (lines: InvoiceLineDraft[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);
