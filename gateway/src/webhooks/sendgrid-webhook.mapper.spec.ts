import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { sendGridReportsOf } from './sendgrid-webhook.mapper.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('SendGrid’s events, as delivery reports', () => {
  it('reports each event by the e-mail its emailId names, and skips events without one', () => {
    const emailId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
    assert.deepEqual(
      sendGridReportsOf(
        json([
          { event: 'delivered', emailId, sg_message_id: 'x' },
          { event: 'processed' },
          { emailId },
          { event: 'bounce', emailId: 42 },
          null,
          'delivered',
        ]),
      ),
      [{ provider: 'sendgrid', forwardId: emailId, event: 'delivered' }],
    );
  });

  it('finds no events in a body that is not a JSON array', () => {
    assert.deepEqual(sendGridReportsOf(Buffer.from('not json')), []);
    assert.deepEqual(sendGridReportsOf(json({ event: 'delivered' })), []);
    assert.deepEqual(sendGridReportsOf(Buffer.alloc(0)), []);
  });
});
