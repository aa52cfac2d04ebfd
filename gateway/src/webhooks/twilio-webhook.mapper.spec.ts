import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { inboundSmsOf, twilioStatusReportOf } from './twilio-webhook.mapper.js';

const SID = `SM${'0a'.repeat(16)}`;
const form = {
  MessageSid: SID,
  AccountSid: 'AC00000000000000000000000000000001',
  From: ' +447700900555 ',
  To: '+14155550171',
  Body: 'Your code is 482913',
  NumMedia: '0',
};

describe('Twilio’s inbound text, as messaging takes it', () => {
  it('names the text by its MessageSid, sender, number and body, trimming the addresses', () => {
    assert.deepEqual(inboundSmsOf(form), {
      success: true,
      data: { messageSid: SID, from: '+447700900555', to: '+14155550171', body: 'Your code is 482913' },
    });
  });

  it('reads a text without a Body as empty, and needs no AccountSid', () => {
    const { Body: _body, AccountSid: _account, ...bare } = form;
    assert.deepEqual(inboundSmsOf(bare).data?.body, '');
  });

  it('refuses a form without a MessageSid, sender or number, or with a MessageSid that is not one', () => {
    for (const field of ['MessageSid', 'From', 'To'] as const) {
      const { [field]: _missing, ...rest } = form;
      const parsed = inboundSmsOf(rest);
      assert.equal(parsed.success, false, field);
      assert.deepEqual(
        parsed.error?.issues.map((issue) => issue.path.join('.')),
        [field],
      );
    }
    assert.equal(inboundSmsOf({ ...form, MessageSid: 'SM123' }).success, false);
    assert.equal(inboundSmsOf({ ...form, MessageSid: `mm${'AB'.repeat(16)}` }).success, true);
    assert.equal(inboundSmsOf({ ...form, From: '   ' }).success, false);
    assert.equal(inboundSmsOf({ ...form, Body: 'x'.repeat(1601) }).success, false);
  });
});

describe('Twilio’s status callback, as a delivery report', () => {
  it('reports the status for the forward the callback URL names', () => {
    const forwardId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
    assert.deepEqual(twilioStatusReportOf({ MessageSid: SID, MessageStatus: 'delivered' }, forwardId), {
      provider: 'twilio',
      forwardId,
      event: 'delivered',
    });
  });

  it('leaves what the callback lacks empty (an id given twice, no status)', () => {
    assert.deepEqual(twilioStatusReportOf({ MessageSid: SID }, ['a', 'b']), {
      provider: 'twilio',
      forwardId: '',
      event: '',
    });
  });
});
