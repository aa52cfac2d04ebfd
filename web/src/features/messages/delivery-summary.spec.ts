import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { ForwardedMessage } from '@multimfa/api-contract';
import { deliverySummary, lateRecipients, recipientStatus } from './delivery-summary';

const recipient = (status: 'queued' | 'sent' | 'delivered' | 'failed') => ({
  memberId: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Test',
  medium: 'EMAIL' as const,
  status,
  sentAt: status === 'queued' ? null : '2026-11-22T10:00:01.000Z',
  late: false,
});

const message = (statuses: Array<'queued' | 'sent' | 'delivered' | 'failed'>): ForwardedMessage => ({
  messageId: '00000000-0000-4000-8000-000000000002',
  sender: '+14155550100',
  receivedAt: '2026-11-22T10:00:00.000Z',
  hasCode: true,
  codeService: null,
  recipients: statuses.map(recipient),
  destinations: [],
  deliveredCount: statuses.filter((status) => status === 'delivered').length,
});

describe('the delivery summary of a text', () => {
  it('counts delivered recipients of all of them', () => {
    assert.equal(
      deliverySummary(message(['delivered', 'delivered', 'sent', 'delivered', 'delivered'])),
      'delivered to 4 of 5',
    );
  });

  it('says a text with no recipient was not forwarded', () => {
    assert.equal(deliverySummary(message([])), 'not forwarded');
  });

  it("marks a recipient whose copy came after the text's usefulness window as late, beside their status", () => {
    const text = message(['delivered', 'sent']);
    const [onTime, late] = text.recipients;
    if (!onTime || !late) throw new Error('two recipients expected');
    Object.assign(late, { firstName: 'Lou', medium: 'SMS', sentAt: '2026-11-22T10:11:00.000Z', late: true });
    assert.equal(recipientStatus(onTime), 'Ada Test (Email): delivered');
    assert.equal(recipientStatus(late), 'Lou Test (SMS): sent, late');
    assert.deepEqual(lateRecipients(text), [late]);
    assert.deepEqual(lateRecipients(message(['delivered'])), []);
  });
});
