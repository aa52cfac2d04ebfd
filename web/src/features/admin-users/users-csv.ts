import type { ReportUser } from '@multimfa/api-contract';

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

/** A cell as RFC 4180 wants it; a leading = + - @ is neutralised so spreadsheets do not run it. */
function cell(value: string | number): string {
  const text = String(value);
  const safe =
    /^[=+\-@\t\r]/.test(text) && typeof value === 'string' && !/^\+\d+$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function usersCsv(users: ReportUser[]): string {
  const lines = [COLUMNS.map(([title]) => cell(title)).join(',')];
  for (const user of users) lines.push(COLUMNS.map(([, read]) => cell(read(user))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves the CSV in the browser, named by the ISO timestamp of the moment of export. */
export function downloadCsv(csv: string, now = new Date()): string {
  const name = `${now.toISOString()}.csv`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
