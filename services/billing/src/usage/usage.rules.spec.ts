import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  overage,
  overageDescription,
  overageInvoiced,
  overageLines,
  renewalLines,
  totalCents,
  usagePeriodStart,
} from './usage.rules.js';

const period = {
  periodStart: new Date('2026-01-15T09:30:00Z'),
  nextPaymentDate: new Date('2026-02-15T09:30:00Z'),
};
const basic = { textsPerMonth: 100, extraTextPriceCents: 2 };

describe('usage rules', () => {
  it('meters a text in the current period, from its first instant up to the instant before the payment date', () => {
    assert.deepEqual(usagePeriodStart(period, period.periodStart), period.periodStart);
    assert.deepEqual(
      usagePeriodStart(period, new Date(period.nextPaymentDate.getTime() - 1)),
      period.periodStart,
    );
  });

  it('meters a text at or after the payment date, before the renewal ran, in the period starting at the payment date', () => {
    assert.deepEqual(usagePeriodStart(period, period.nextPaymentDate), period.nextPaymentDate);
    assert.deepEqual(
      usagePeriodStart(period, new Date(period.nextPaymentDate.getTime() + 60_000)),
      period.nextPaymentDate,
    );
  });

  it('meters a text of an already renewed period in the current one (billed on the next invoice)', () => {
    assert.deepEqual(usagePeriodStart(period, new Date('2026-01-15T09:29:59Z')), period.periodStart);
  });

  it('charges 2 cents for each text over the allowance and nothing up to it', () => {
    assert.deepEqual(overage(0, basic), { textsOver: 0, amountCents: 0 });
    assert.deepEqual(overage(100, basic), { textsOver: 0, amountCents: 0 });
    assert.deepEqual(overage(101, basic), { textsOver: 1, amountCents: 2 });
    assert.deepEqual(overage(2345, { textsPerMonth: 2000, extraTextPriceCents: 2 }), {
      textsOver: 345,
      amountCents: 690,
    });
  });

  it('a renewal within the allowance has the plan line only; over it, a second line of texts over times $0.02 for the ended period', () => {
    const input = {
      planLabel: 'MultiMFA Basic',
      basePriceCents: 500,
      endedPeriod: { start: period.periodStart, end: period.nextPaymentDate },
      newPeriod: { start: period.nextPaymentDate, end: new Date('2026-03-15T09:30:00Z') },
      allowance: basic,
    };
    const within = renewalLines({ ...input, textsUsed: 100 });
    assert.deepEqual(within, [
      {
        description: 'MultiMFA Basic plan, renewal 2026-02-15 to 2026-03-15',
        quantity: 1,
        unitPriceCents: 500,
        amountCents: 500,
      },
    ]);
    assert.equal(totalCents(within), 500);

    const over = renewalLines({ ...input, textsUsed: 137 });
    assert.deepEqual(over[1], {
      description: '37 texts over the 100-text allowance, 2026-01-15 to 2026-02-15',
      quantity: 37,
      unitPriceCents: 2,
      amountCents: 74,
    });
    assert.equal(totalCents(over), 574);
  });
});

describe('overage invoice rules', () => {
  it('an overage invoice has one line of the texts over the whole month’s allowance for the (part-)period, and none within it', () => {
    const partPeriod = { start: period.periodStart, end: new Date('2026-01-20T12:00:00Z') };
    assert.deepEqual(overageLines({ period: partPeriod, textsUsed: 100, allowance: basic }), []);
    const lines = overageLines({ period: partPeriod, textsUsed: 104, allowance: basic });
    assert.deepEqual(lines, [
      {
        description: '4 texts over the 100-text allowance, 2026-01-15 to 2026-01-20',
        quantity: 4,
        unitPriceCents: 2,
        amountCents: 8,
      },
    ]);
    assert.equal(
      overageDescription('RoboMFA Basic', lines),
      'RoboMFA Basic plan, 4 texts over the 100-text allowance, 2026-01-15 to 2026-01-20',
    );
  });
});

describe('overage invoiced on its own', () => {
  it('is not issued with nothing over the allowance, nor under the $0.50 a card can be charged (24 texts over), and is from 25 texts over', () => {
    const period = { start: new Date('2026-01-15T09:30:00Z'), end: new Date('2026-02-15T09:30:00Z') };
    const invoiced = (textsUsed: number) =>
      overageInvoiced(overageLines({ period, textsUsed, allowance: basic }));
    assert.deepEqual(
      [invoiced(100), invoiced(124), invoiced(125)],
      ['NOTHING_OVER', 'BELOW_MINIMUM', 'INVOICE'],
    );
  });
});
