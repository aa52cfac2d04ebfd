import type { ReportUser } from '@multimfa/api-contract';
import { toCsv } from '../admin-reports/csv';

/** The report's columns (admin-area section 2), Actions left out. */
const COLUMNS: Array<[string, (user: ReportUser) => string | number]> = [
  ['Mobile Number', (u) => u.mobileNo],
  ['Name', (u) => `${u.firstName} ${u.lastName}`],
  ['Email Address', (u) => u.emailAddress],
  ['User Type', (u) => u.userType],
  ['Status', (u) => (u.isActive ? 'Active' : 'Inactive')],
  ['No. of Multi MFAs', (u) => u.multiMFAs],
  ['Receive Marketing Emails', (u) => (u.receiveMarketingEmails ? 'Yes' : 'No')],
  ['Service Agreement', (u) => (u.serviceAgreementAgreed ? 'Yes' : 'No')],
  ['Created At', (u) => u.createdAt],
];

/** The User Report's export, through the admin exports' one writer (formulas neutralised). */
export function usersCsv(users: ReportUser[]): string {
  return toCsv(COLUMNS, users);
}
