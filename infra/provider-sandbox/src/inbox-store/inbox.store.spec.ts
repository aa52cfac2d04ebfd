import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { InboxStore } from './inbox.store.js';

const text = (body: string) =>
  ({
    channel: 'sms',
    direction: 'outbound',
    sid: `SM${body}`,
    from: '+14155550100',
    to: '+15550100004',
    body,
    status: 'queued',
  }) as const;

describe('InboxStore', () => {
  it('lists only the entries after a cursor, newest first', () => {
    const store = new InboxStore();
    store.add(text('old'));
    const cursor = store.cursor;
    store.add(text('new 1'));
    store.add(text('new 2'));
    const listed = store.list({ after: cursor });
    assert.deepEqual(
      listed.map((entry) => (entry.channel === 'sms' ? entry.body : '')),
      ['new 2', 'new 1'],
    );
  });

  it('updates an entry by its id and channel only, and forgets ids once cleared', () => {
    const store = new InboxStore();
    const sms = store.add(text('code 123'));
    store.updateEmail(sms.id, { status: 'delivered' });
    assert.equal((store.get(sms.id) as { status: string }).status, 'queued');
    store.updateSms(sms.id, { status: 'delivered' });
    assert.equal((store.get(sms.id) as { status: string }).status, 'delivered');
    store.clear();
    assert.equal(store.get(sms.id), undefined);
  });
});
