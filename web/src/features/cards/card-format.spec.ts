import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { cardLabel, cardUpdateError, maskedNumber, monthInput, monthName, yearInput } from './card-format';

describe('card formats', () => {
  it('masks all but the last four digits and names the month', () => {
    assert.equal(maskedNumber('4242'), '**** **** **** 4242');
    assert.equal(monthName(1), 'January');
    assert.equal(monthName(12), 'December');
    assert.equal(
      cardLabel({ last4: '4444', exp_month: 3, exp_year: 2030 }),
      '**** **** **** 4444 - March 2030',
    );
  });

  it('keeps month digits only, at most two, clamped to 1-12', () => {
    assert.deepEqual(['', 'a', '0', '00', '1', '09', '12', '13', '99', '123', '1a2'].map(monthInput), [
      '',
      '',
      '0',
      '1',
      '1',
      '09',
      '12',
      '12',
      '12',
      '12',
      '12',
    ]);
  });

  it('keeps year digits only, at most four', () => {
    assert.deepEqual(['20a2', '202612', 'abc'].map(yearInput), ['202', '2026', '']);
  });

  it('answers the Update Card messages in order: month, year, valid year, holder', () => {
    const ok = { name: 'Ada', month: '3', year: '2027', zip: '' };
    assert.equal(cardUpdateError(ok, 2026), undefined);
    assert.equal(cardUpdateError({ ...ok, month: '' }, 2026), 'Please provide expiry month');
    assert.equal(cardUpdateError({ ...ok, month: '0' }, 2026), 'Please provide expiry month');
    assert.equal(cardUpdateError({ ...ok, year: '' }, 2026), 'Please provide expiry year');
    assert.equal(cardUpdateError({ ...ok, year: '2025' }, 2026), 'Expiry year should be valid');
    assert.equal(cardUpdateError({ ...ok, year: '203' }, 2026), 'Expiry year should be valid');
    assert.equal(cardUpdateError({ ...ok, name: '  ' }, 2026), 'Please provide card holder name');
  });
});
