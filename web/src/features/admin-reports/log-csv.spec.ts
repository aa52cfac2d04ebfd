import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { toCsv } from './csv';
import { ADVANCED_LOG_CSV_COLUMNS, LOG_CSV_COLUMNS } from './log-csv';

describe('Logs and Advanced logs CSV', () => {
  it('writes a log entry with its members joined and its message quoted when it holds a comma', () => {
    const csv = toCsv(LOG_CSV_COLUMNS, [
      {
        multiMFALogId: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
        logType: 'INFO',
        mobileNo: '+12125550100',
        message: 'A text from +14155550100, forwarded',
        members: [
          { firstName: 'Grace', lastName: 'Hopper' },
          { firstName: 'Ada', lastName: 'Lovelace' },
        ],
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    assert.equal(
      csv,
      'logType,mobileNo,message,members,createdAt\r\n' +
        'INFO,+12125550100,"A text from +14155550100, forwarded","Grace Hopper, Ada Lovelace",2026-11-22T10:00:00.000Z\r\n',
    );
  });

  it('writes the Advanced logs columns email, name, multiMFA, success, failure, one line per MultiMFA', () => {
    const line = { email: 'a@example.com', name: 'Ada Lovelace', success: 4, failure: 1 };
    assert.equal(
      toCsv(ADVANCED_LOG_CSV_COLUMNS, [
        { ...line, key: '1', multiMFA: 'Ops' },
        { ...line, key: '2', multiMFA: 'Dev', success: 0, failure: 0 },
      ]),
      'email,name,multiMFA,success,failure\r\na@example.com,Ada Lovelace,Ops,4,1\r\na@example.com,Ada Lovelace,Dev,0,0\r\n',
    );
  });
});
