import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { CodeAuditEntryAnswer } from '@multimfa/api-contract';
import { toCsv } from '../admin-reports/csv';
import { CODE_AUDIT_CSV_COLUMNS, codeAuditLines } from './code-audit-csv';

const entry = (overrides: Partial<CodeAuditEntryAnswer> = {}): CodeAuditEntryAnswer => ({
  messageId: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
  sender: 'Google',
  receivedAt: '2026-11-29T10:00:00.000Z',
  codeService: 'Google',
  hadCode: true,
  members: [],
  destinations: [],
  reveals: [],
  bots: [],
  ...overrides,
});

describe('the code audit export', () => {
  it('writes a line per member, destination, reveal and bot of each text, in that order, with its time', () => {
    const csv = toCsv(
      CODE_AUDIT_CSV_COLUMNS,
      codeAuditLines([
        entry({
          members: [
            {
              memberId: '0b7c8a8e-1f0e-4f59-9d0c-7d1b8e7f0a11',
              name: 'Ann Lee',
              channel: 'SMS',
              status: 'delivered',
              at: '2026-11-29T10:00:01.000Z',
            },
          ],
          destinations: [
            {
              destinationId: '1b7c8a8e-1f0e-4f59-9d0c-7d1b8e7f0a11',
              name: 'Ops',
              kind: 'slack',
              status: 'retrying',
              at: null,
            },
          ],
          reveals: [{ revealedBy: 'Olive Owner', at: '2026-11-29T10:05:00.000Z' }],
          bots: [
            {
              botId: '2b7c8a8e-1f0e-4f59-9d0c-7d1b8e7f0a11',
              name: 'CI bot',
              action: 'claimed',
              at: '2026-11-29T10:00:02.000Z',
            },
          ],
        }),
      ]),
    );
    const rows = csv.split('\r\n').slice(1, -1);
    assert.deepEqual(
      rows.map((row) => row.split(',').slice(4)),
      [
        ['member', 'Ann Lee', 'SMS', 'delivered', '2026-11-29T10:00:01.000Z'],
        ['destination', 'Ops', 'slack', 'retrying', ''],
        ['reveal', 'Olive Owner', 'revealed on the page', '', '2026-11-29T10:05:00.000Z'],
        ['bot', 'CI bot', 'claimed', '', '2026-11-29T10:00:02.000Z'],
      ],
    );
  });

  it('keeps a text nobody received as one line, and neutralises a sender that starts a formula', () => {
    const csv = toCsv(CODE_AUDIT_CSV_COLUMNS, codeAuditLines([entry({ sender: '=HYPERLINK("http://x")' })]));
    const [, line] = csv.split('\r\n');
    assert.match(line ?? '', /^2026-11-29T10:00:00.000Z,"'=HYPERLINK\(""http:\/\/x""\)",Google,/);
    assert.match(line ?? '', /,nobody,$/);
  });
});
