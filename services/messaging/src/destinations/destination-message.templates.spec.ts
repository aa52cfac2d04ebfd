import { describe, expect, it } from '@jest/globals';
import { renderSlackMessage, renderWebhookEvent } from './destination-message.templates.js';

const text = {
  messageId: '0b7b5e7e-5d53-4bb4-8f7e-38a4c0d2a111',
  number: '+14155550123',
  sender: 'Google',
  code: '482913',
  service: 'Google',
  body: 'G-482913 is your Google verification code. <!channel> <https://evil.example|click>',
  receivedAt: new Date('2026-11-29T07:05:09.123Z'),
  mfaName: 'Ops team',
};

describe('renderSlackMessage', () => {
  it('puts the code in the header and the service, number, sender and time in fields', () => {
    const message = renderSlackMessage(text, 'full');
    expect(message.blocks[0]).toStrictEqual({
      type: 'header',
      text: { type: 'plain_text', text: '482913', emoji: false },
    });
    expect(message.blocks[1]).toStrictEqual({
      type: 'section',
      fields: [
        { type: 'plain_text', text: 'Service: Google', emoji: false },
        { type: 'plain_text', text: 'Number: +14155550123', emoji: false },
        { type: 'plain_text', text: 'From: Google', emoji: false },
        { type: 'plain_text', text: 'Received: 2026-11-29 07:05:09 UTC', emoji: false },
      ],
    });
    expect(message.text).toBe('482913: Google code on +14155550123');
  });

  it('shows the body, as plain text (no mentions or links), only when the owner chose full', () => {
    const full = JSON.stringify(renderSlackMessage(text, 'full'));
    expect(full).toContain(
      '"type":"plain_text","text":"G-482913 is your Google verification code. <!channel>',
    );
    const codeOnly = JSON.stringify(renderSlackMessage(text, 'code_only'));
    expect(codeOnly).not.toContain('verification code');
    expect(codeOnly).not.toContain('<!channel>');
    expect(codeOnly).toContain('482913');
  });

  it('says so when no code was found, still without the body in code-only mode', () => {
    const message = renderSlackMessage({ ...text, code: null, service: null }, 'code_only');
    expect(message.blocks[0]).toMatchObject({ text: { text: 'No code found in this text' } });
    expect(JSON.stringify(message)).not.toContain('verification code');
  });
});

describe('renderWebhookEvent', () => {
  it('carries the code and the service, and the body only in full mode', () => {
    expect(renderWebhookEvent('d-1', text, 'code_only')).toStrictEqual({
      id: 'd-1',
      type: 'message.received',
      messageId: text.messageId,
      number: '+14155550123',
      sender: 'Google',
      code: '482913',
      service: 'Google',
      body: null,
      receivedAt: '2026-11-29T07:05:09.123Z',
    });
    expect(renderWebhookEvent('d-1', text, 'full').body).toBe(text.body);
  });
});
