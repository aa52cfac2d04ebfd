import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderNotification } from './notification-email.templates.js';

const now = new Date('2026-11-22T10:00:00Z');
const expiresAt = new Date(now.getTime() + 10 * 60_000).toISOString();

describe('notification e-mails', () => {
  it('puts the verification code in both parts, with its validity', () => {
    const email = renderNotification(
      'EMAIL_VERIFICATION_CODE',
      { firstName: 'Grace', code: '042917', expiresAt },
      'http://app',
      now,
    );
    assert.equal(email.subject, 'Your MultiMFA verification code');
    assert.match(email.text, /Hi Grace,/);
    assert.match(email.text, /042917/);
    assert.match(email.html, /042917/);
    assert.match(email.text, /valid for 10 minutes/);
  });

  it('escapes what people typed into their names', () => {
    const email = renderNotification(
      'PASSWORD_RESET_CODE',
      { firstName: '<script>alert(1)</script>', code: '123456', expiresAt },
      'http://app',
      now,
    );
    assert.doesNotMatch(email.html, /<script>/);
    assert.match(email.html, /&lt;script&gt;/);
    assert.equal(email.subject, 'Your MultiMFA password reset code');
  });

  it('links a password-change notice to the sign-in page', () => {
    const email = renderNotification(
      'PASSWORD_CHANGED',
      { firstName: 'Ada', code: null, expiresAt: null },
      'https://app.multimfa.com/',
      now,
    );
    assert.match(email.html, /href="https:\/\/app\.multimfa\.com\/login"/);
    assert.match(email.text, /https:\/\/app\.multimfa\.com\/login/);
  });

  it('tells the owner of an address someone tried to sign up with: sign in or reset, nothing created, no code', () => {
    const email = renderNotification(
      'ACCOUNT_EXISTS',
      { firstName: 'Ada', code: null, expiresAt: null },
      'https://app.multimfa.com',
      now,
    );
    assert.equal(email.subject, 'Someone tried to sign up to MultiMFA with your address');
    assert.match(email.text, /Hi Ada,/);
    assert.match(email.text, /tried to sign up to MultiMFA with this email address/);
    assert.match(email.text, /no new account was created/);
    assert.match(email.text, /sign in with your password, or reset it/);
    assert.match(email.html, /href="https:\/\/app\.multimfa\.com\/login"/);
    assert.doesNotMatch(email.text, /\d{6}/, 'no code in it');
  });

  it('links a member invitation to /activation/{token} in both parts, with its validity in days', () => {
    const token = 'AbC-dEf_0123456789abcdefghijklmnopqrstuvwxy';
    const email = renderNotification(
      'MEMBER_INVITATION',
      { firstName: 'Ivy', code: token, expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString() },
      'https://app.multimfa.com/',
      now,
    );
    assert.equal(email.subject, 'You are invited to a MultiMFA team');
    assert.match(email.text, /Hi Ivy,/);
    assert.ok(email.text.includes(`https://app.multimfa.com/activation/${token}`));
    assert.ok(email.html.includes(`https://app.multimfa.com/activation/${token}`));
    assert.match(email.text, /valid for 7 days/);
  });
});
