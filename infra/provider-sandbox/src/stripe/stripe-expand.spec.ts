import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import { StripeApiError } from './stripe-error.js';
import { expandObject } from './stripe-expand.js';

const objects: Record<string, unknown> = {
  cus_1: { id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: 'pm_1' } },
  pm_1: { id: 'pm_1', object: 'payment_method', customer: 'cus_1' },
};
const lookup = (id: string) => objects[id];

describe('expandObject', () => {
  it('expands ids at dotted paths, parents first, through list items, without touching the stored object', () => {
    const intent = { id: 'pi_1', customer: 'cus_1', payment_method: null };
    const out = expandObject(
      intent,
      ['customer.invoice_settings.default_payment_method', 'customer'],
      lookup,
    ) as {
      customer: { invoice_settings: { default_payment_method: { id: string } } };
    };
    assert.equal(out.customer.invoice_settings.default_payment_method.id, 'pm_1');
    assert.equal(intent.customer, 'cus_1');
    const list = expandObject(
      { object: 'list', data: [{ id: 'pm_1', customer: 'cus_1' }] },
      ['data.customer'],
      lookup,
    ) as {
      data: Array<{ customer: { object: string } }>;
    };
    assert.equal(list.data[0]?.customer.object, 'customer');
    // null stays null
    expect(expandObject(intent, ['payment_method'], lookup)).toStrictEqual(intent);
  });

  it('refuses properties that are not expandable ids, and paths deeper than four levels', () => {
    assert.throws(
      () => expandObject({ id: 'pi_1', amount: 100 }, ['amount'], lookup),
      (error: unknown) => {
        assert.ok(error instanceof StripeApiError);
        assert.equal(error.body.message, 'This property cannot be expanded (amount).');
        assert.equal(error.body.param, 'expand');
        return true;
      },
    );
    assert.throws(() => expandObject({ id: 'pi_1' }, ['nope'], lookup), StripeApiError);
    assert.throws(() => expandObject({ a: {} }, ['a.b.c.d.e'], lookup), /more than 4 levels/);
  });
});
