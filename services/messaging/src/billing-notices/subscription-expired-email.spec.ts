import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderSubscriptionExpired } from './billing-notice-email.templates.js';

describe('the e-mail about an expired subscription', () => {
  it('after a declined renewal names the refusal, the unpaid invoice and its amount, and links to Invoice Management', () => {
    const email = renderSubscriptionExpired(
      {
        mfaType: 'MultiMFA',
        planName: 'Basic',
        reason: 'PAYMENT_DECLINED',
        invoiceNo: 'INV-000042',
        amountCents: 500,
        message: 'Your card was declined.',
      },
      'https://app.multimfa.test/',
    );
    assert.equal(email.subject, 'Your MultiMFA subscription has expired');
    assert.match(email.text, /We could not renew your MultiMFA Basic plan: Your card was declined\./);
    assert.match(email.text, /Invoice INV-000042 of \$5\.00 is unpaid/);
    assert.match(email.text, /Pay the invoice: https:\/\/app\.multimfa\.test\/invoice-management/);
    assert.match(email.html, /INV-000042/);
  });

  it('with auto-renewal off says so, without an invoice, and that the number stays reserved for 30 days', () => {
    const email = renderSubscriptionExpired(
      {
        mfaType: 'RoboMFA',
        planName: 'Professional',
        reason: 'AUTO_RENEWAL_OFF',
        invoiceNo: null,
        amountCents: null,
        message: null,
      },
      'https://app.multimfa.test',
    );
    assert.match(email.text, /auto-renewal switched off/);
    assert.match(email.text, /reserved for you for 30 days/);
    assert.doesNotMatch(email.text, /Invoice/);
  });
});
