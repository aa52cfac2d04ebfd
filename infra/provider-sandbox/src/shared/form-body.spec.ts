import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { canonicalJson, FormBodyError, parseFlatForm, parseNestedForm } from './form-body.js';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('parseNestedForm', () => {
  it('builds objects and arrays from bracket keys, as stripe-node encodes them', () => {
    const body = parseNestedForm(
      'amount=1500&currency=usd&metadata[plan]=basic&expand[0]=customer&expand[1]=payment_method' +
        '&card[number]=4242424242424242&billing_details[address][postal_code]=94107&types[]=card&types[]=link',
    );
    assert.deepEqual(plain(body), {
      amount: '1500',
      currency: 'usd',
      metadata: { plan: 'basic' },
      expand: ['customer', 'payment_method'],
      card: { number: '4242424242424242' },
      billing_details: { address: { postal_code: '94107' } },
      types: ['card', 'link'],
    });
  });

  it('orders indexed arrays by index and decodes percent-escapes and plus signs', () => {
    const body = parseNestedForm('a[1]=second&a[0]=first&note=hello+world%21&b%5Bc%5D=d');
    assert.deepEqual(plain(body), { a: ['first', 'second'], note: 'hello world!', b: { c: 'd' } });
  });

  it('drops __proto__ instead of polluting prototypes, and keeps constructor as plain data', () => {
    const body = parseNestedForm('__proto__[polluted]=yes&metadata[constructor]=x');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.keys(body), ['metadata']);
    assert.deepEqual(plain(body), { metadata: { constructor: 'x' } });
  });

  it('rejects a key used both as a value and as a container', () => {
    assert.throws(() => parseNestedForm('card=x&card[number]=4242'), FormBodyError);
    assert.throws(() => parseNestedForm('card[number]=4242&card=x'), FormBodyError);
  });
});

describe('parseFlatForm', () => {
  it('keeps repeated keys in order', () => {
    assert.deepEqual(plain(parseFlatForm('To=%2B14155550123&MediaUrl=a&MediaUrl=b')), {
      To: '+14155550123',
      MediaUrl: ['a', 'b'],
    });
  });
});

describe('canonicalJson', () => {
  it('ignores key order', () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' } }),
      canonicalJson({ a: { c: 'x', d: [1, 2] }, b: 1 }),
    );
    assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
  });
});
