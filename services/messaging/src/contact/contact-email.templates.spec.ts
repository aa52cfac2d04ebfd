import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renderContactMessage } from './contact-email.templates.js';

const now = new Date('2026-11-22T10:00:00Z');

describe('contact form e-mails', () => {
  it("gives support the visitor's name, address and message, escaped in the HTML part", () => {
    const email = renderContactMessage({
      name: 'Eve <b>',
      emailAddress: 'eve@example.com',
      message: 'First line\n\n<img src=x onerror=alert(1)>',
      receivedAt: now,
    });
    assert.equal(email.subject, 'Contact form: Eve <b>');
    assert.match(email.text, /From: Eve <b> <eve@example\.com>/);
    assert.match(email.text, /<img src=x onerror=alert\(1\)>/);
    assert.doesNotMatch(email.html, /<img/);
    assert.match(email.html, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(email.html, /Eve &lt;b&gt;/);
  });
});
