import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { InvitationDetail } from '../sms/invitation-details.repository.js';
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

  const invitationEmail = (invitation?: InvitationDetail) =>
    renderNotification(
      'MEMBER_INVITATION',
      {
        firstName: 'Ivy',
        code: 'tok',
        expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
        invitation,
      },
      'https://app.multimfa.com/',
      now,
    );

  it('names the inviter, the team, its number and how the codes will come in a member invitation, and the inviter again in the advice', () => {
    const email = invitationEmail({
      teamName: 'Acme Ops',
      teamNumber: '+15551234567',
      inviterName: 'Olivia Owner',
      forwardMedium: 'BOTH',
    });
    assert.ok(
      email.text.includes(
        'Olivia Owner invites you to the MultiMFA team “Acme Ops”: once you accept, the verification codes texted to +15551234567 are forwarded to you by email and by SMS.',
      ),
      email.text,
    );
    assert.ok(
      email.text.includes('If you do not know Olivia Owner, reject it or ignore this email.'),
      email.text,
    );
    assert.ok(email.html.includes('Olivia Owner invites you to the MultiMFA team “Acme Ops”'), email.html);
    assert.ok(!email.text.includes('A MultiMFA customer'), email.text);
  });

  it('says "by email" or "by SMS" by the member\'s medium', () => {
    const base = { teamName: 'Acme', teamNumber: '+15551234567', inviterName: 'Olivia Owner' };
    assert.match(invitationEmail({ ...base, forwardMedium: 'EMAIL' }).text, /forwarded to you by email\./);
    assert.match(
      invitationEmail({ ...base, forwardMedium: 'MOBILE_NUMBER' }).text,
      /forwarded to you by SMS\./,
    );
  });

  it('leaves out a team name that reads as a link and an inviter name against the name rule', () => {
    const email = invitationEmail({
      teamName: 'Claim at evil.example',
      teamNumber: null,
      inviterName: 'http://evil.example',
      forwardMedium: 'EMAIL',
    });
    assert.ok(!email.text.includes('evil.example'), email.text);
    assert.ok(
      email.text.includes(
        'A MultiMFA customer invites you to a MultiMFA team: once you accept, the verification codes texted to the team’s number are forwarded to you by email.',
      ),
      email.text,
    );
    assert.ok(email.text.includes('If you do not know who sent it, reject it'), email.text);
  });

  it('still reads for an invitation recorded before its details were (no team, no inviter)', () => {
    const email = invitationEmail(undefined);
    assert.ok(
      email.text.includes('A MultiMFA customer invites you to a MultiMFA team: once you accept'),
      email.text,
    );
  });
});
