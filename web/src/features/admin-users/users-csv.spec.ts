import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { ReportUser } from '@multimfa/api-contract';
import { usersCsv } from './users-csv';

const user = (overrides: Partial<ReportUser> = {}): ReportUser => ({
  id: '5d8e7f5c-8d61-4c3a-9a57-2b1f1f1f1f1f',
  firstName: 'Grace',
  lastName: 'Hopper',
  mobileNo: '+12125550199',
  emailAddress: 'grace@example.com',
  userType: 'CUSTOMER',
  isActive: true,
  isVerified: true,
  receiveMarketingEmails: false,
  serviceAgreementAgreed: true,
  multiMFAs: 2,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

describe('usersCsv', () => {
  it('writes the report columns, Yes/No and Active/Inactive, one CRLF line per user', () => {
    assert.equal(
      usersCsv([user(), user({ isActive: false, receiveMarketingEmails: true, multiMFAs: 0 })]),
      [
        'Mobile Number,Name,Email Address,User Type,Status,No. of Multi MFAs,Receive Marketing Emails,Service Agreement,Created At',
        '+12125550199,Grace Hopper,grace@example.com,CUSTOMER,Active,2,No,Yes,2026-11-22T10:00:00.000Z',
        '+12125550199,Grace Hopper,grace@example.com,CUSTOMER,Inactive,0,Yes,Yes,2026-11-22T10:00:00.000Z',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes commas and quotes, and neutralises a cell a spreadsheet would run as a formula', () => {
    const [, line] = usersCsv([user({ firstName: '=HYPERLINK("x")', lastName: 'O, Brien' })]).split('\r\n');
    assert.equal(
      line?.startsWith(`+12125550199,"'=HYPERLINK(""x"") O, Brien",grace@example.com,`),
      true,
      line,
    );
  });
});
