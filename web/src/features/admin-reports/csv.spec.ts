import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { AdminLog, AdminMember } from '@multimfa/api-contract';
import { toCsv } from './csv';
import { ADVANCED_LOG_CSV_COLUMNS, LOG_CSV_COLUMNS } from './log-csv';
import { MEMBER_CSV_COLUMNS, MFA_CSV_COLUMNS } from './report-csv';

/** What a customer can type into an MFA's or a member's name, or text to a number. */
const HYPERLINK = '=HYPERLINK("http://evil.example","x")';
const DDE = "+cmd|' /C calc'!A0";
const MINUS = '-2+3+cmd|A0';
const AT = '@SUM(1+1)';
const TAB = '\t=1+1';
const CR = '\r=1+1';
const WIDE = '\uFF1D1+1';

const created = '2026-11-22T10:00:00.000Z';

/** The records of a CSV, each ended by CRLF (no cell here holds a CRLF). */
function lines(csv: string): string[] {
  assert.ok(csv.endsWith('\r\n'), 'the last record ends with CRLF');
  return csv.split('\r\n').slice(0, -1);
}

/** The User Report's export goes through the same writer: `users-csv.spec.ts`. */
describe('the admin exports neutralise formulas and keep E.164 numbers readable', () => {
  it('MultiMFAs and RoboMFAs: a name or plan that starts a formula gets a leading quote', () => {
    const mfa = (name: string, planName: string, number: string | null) => ({
      id: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
      name,
      number,
      isActive: true,
      planName,
      owner: 'owner@example.com',
      createdAt: created,
    });
    assert.deepEqual(
      lines(toCsv(MFA_CSV_COLUMNS, [mfa(HYPERLINK, AT, '+14155550100'), mfa(TAB, WIDE, null)])),
      [
        'name,twilioNumber,isActive,plan,createdAt',
        `"'=HYPERLINK(""http://evil.example"",""x"")",+14155550100,true,'@SUM(1+1),${created}`,
        `'\t=1+1,,true,'\uFF1D1+1,${created}`,
      ],
    );
  });

  it('Members report: names, e-mail and the MultiMFA are neutralised, the mobile number is not', () => {
    const member: AdminMember = {
      memberId: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
      firstName: DDE,
      lastName: MINUS,
      forwardMedium: 'BOTH',
      mobileNo: '+447700900123',
      email: '@evil.example',
      status: 'VERIFIED',
      multiMFA: { multiMFAId: '6d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f', name: CR },
      createdAt: created,
    };
    assert.deepEqual(lines(toCsv(MEMBER_CSV_COLUMNS, [member])), [
      'firstName,lastName,forwardMedium,mobileNo,email,multiMFA',
      `'+cmd|' /C calc'!A0,'-2+3+cmd|A0,BOTH,+447700900123,'@evil.example,"'\r=1+1"`,
    ]);
  });

  it('Logs: a body and a member named like a formula are neutralised, a line break is kept inside its cell, only a bare E.164 number passes', () => {
    const log = (message: string, firstName: string): AdminLog => ({
      multiMFALogId: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
      logType: 'INFO',
      mobileNo: '+12125550100',
      message,
      members: [{ firstName, lastName: 'Hopper' }],
      createdAt: created,
    });
    assert.deepEqual(
      lines(
        toCsv(LOG_CSV_COLUMNS, [
          log(HYPERLINK, AT),
          log('+14155550100 =HYPERLINK("x")', 'Grace'),
          log('+1415555010012345', 'Ada'),
          log('Your code is 123456\r=1+1\n@SUM(1+1)', 'Ada'),
        ]),
      ),
      [
        'logType,mobileNo,message,members,createdAt',
        `INFO,+12125550100,"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(1+1) Hopper,${created}`,
        `INFO,+12125550100,"'+14155550100 =HYPERLINK(""x"")",Grace Hopper,${created}`,
        `INFO,+12125550100,'+1415555010012345,Ada Hopper,${created}`,
        `INFO,+12125550100,"Your code is 123456\r=1+1\n@SUM(1+1)",Ada Hopper,${created}`,
      ],
    );
  });

  it('Advanced logs: the customer and MultiMFA names are neutralised', () => {
    assert.deepEqual(
      lines(
        toCsv(ADVANCED_LOG_CSV_COLUMNS, [
          { key: '1', email: 'a@example.com', name: HYPERLINK, multiMFA: MINUS, success: 4, failure: 1 },
        ]),
      ),
      [
        'email,name,multiMFA,success,failure',
        `a@example.com,"'=HYPERLINK(""http://evil.example"",""x"")",'-2+3+cmd|A0,4,1`,
      ],
    );
  });
});
