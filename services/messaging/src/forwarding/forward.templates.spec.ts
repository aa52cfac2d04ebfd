import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderForwardEmail, renderForwardSms } from './forward.templates.js';

const content = {
  firstName: 'Ada',
  mfaName: 'Ops team',
  sender: '+14155550100',
  body: 'Your <Google> verification code is 482913',
  code: '482913',
  codeService: 'Google',
  receivedAt: new Date('2026-11-22T10:00:00Z'),
};

describe('forward e-mails and SMS', () => {
  it('puts the code in the subject and in the plain and HTML parts, with the whole text escaped in HTML', () => {
    const email = renderForwardEmail(content);
    assert.equal(email.subject, '482913 is your code for Google (Ops team)');
    assert.match(email.text, /Code: 482913/);
    assert.match(email.text, /Your <Google> verification code is 482913/);
    assert.match(email.html, /482913/);
    assert.match(email.html, /Your &lt;Google&gt; verification code is 482913/);
    assert.doesNotMatch(email.html, /<Google>/);
  });

  it('forwards a text without a code whole, naming the sender in the subject', () => {
    const email = renderForwardEmail({ ...content, body: 'Hello there', code: null, codeService: null });
    assert.equal(email.subject, 'New text from +14155550100 (Ops team)');
    assert.match(email.text, /Hello there/);
    assert.doesNotMatch(email.text, /Code:/);
  });

  it('starts an SMS forward with the code and keeps the text whole', () => {
    assert.equal(
      renderForwardSms(content),
      'Code 482913 [Ops team] from +14155550100: Your <Google> verification code is 482913',
    );
    assert.equal(
      renderForwardSms({ ...content, code: null, body: 'Hi' }),
      '[Ops team] from +14155550100: Hi',
    );
  });
});
