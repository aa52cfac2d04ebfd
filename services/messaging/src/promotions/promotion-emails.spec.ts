import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderDiscountOffer, renderWaitlistCode } from './promotion-email.templates.js';
import { UnsubscribeLink } from './unsubscribe-link.signer.js';

describe('promotional e-mails', () => {
  const link = new UnsubscribeLink('k'.repeat(40));

  it("accepts an address's own unsubscribe token and refuses it for another address or another key", () => {
    const token = link.token('ada@example.com');
    assert.equal(link.matches('ada@example.com', token), true);
    assert.equal(link.matches('bob@example.com', token), false);
    assert.equal(new UnsubscribeLink('x'.repeat(40)).matches('ada@example.com', token), false);
    assert.equal(link.matches('ada@example.com', ''), false);
  });

  it('links the unsubscribe to the waitlist page with the address and its token', () => {
    const url = new URL(link.url('https://app.multimfa.test/', 'ada+1@example.com'));
    assert.equal(url.pathname, '/promotion');
    assert.equal(url.searchParams.get('email'), 'ada+1@example.com');
    assert.equal(url.searchParams.get('unsubscribe'), link.token('ada+1@example.com'));
  });

  it('puts the code on a line of its own, the last day, and a working unsubscribe link in the offer', () => {
    const unsubscribe = link.url('https://app.multimfa.test', 'ada@example.com');
    const mail = renderDiscountOffer(
      { code: 'SPRING20', discountType: 'FLAT', value: 5, expiryDate: new Date('2026-03-31T23:59:59.999Z') },
      'https://app.multimfa.test',
      unsubscribe,
    );
    assert.equal(mail.subject, 'Your MultiMFA discount: $5.00 off');
    assert.match(mail.text, /^\s*SPRING20\s*$/m);
    assert.match(mail.text, /until 2026-03-31 \(UTC\)/);
    assert.ok(mail.text.includes(`Unsubscribe from MultiMFA offers: ${unsubscribe}`));
    assert.ok(mail.html.includes(`href="${unsubscribe.replaceAll('&', '&amp;')}"`));
  });

  it('tells the minutes the waitlist code has left', () => {
    const mail = renderWaitlistCode('123456', '2026-01-01T00:10:00.000Z', new Date('2026-01-01T00:00:00Z'));
    assert.equal(mail.subject, 'Your MultiMFA waitlist code');
    assert.match(mail.text, /^\s*123456\s*$/m);
    assert.match(mail.text, /valid for 10 minutes/);
  });
});
