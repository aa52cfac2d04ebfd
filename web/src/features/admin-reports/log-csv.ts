import type { AdminLog } from '@multimfa/api-contract';
import type { AdvancedLogLine } from './use-admin-reports';
import type { CsvColumns } from './use-range-report';

/** The members of a log entry as one text: "First Last, First Last". */
export const membersOf = (log: AdminLog) =>
  log.members.map((member) => `${member.firstName} ${member.lastName}`.trim()).join(', ');

/** The Logs export columns: the fields of a log entry (admin-area section 3, Log). */
export const LOG_CSV_COLUMNS: CsvColumns<AdminLog> = [
  ['logType', (log) => log.logType],
  ['mobileNo', (log) => log.mobileNo],
  ['message', (log) => log.message],
  ['members', membersOf],
  ['createdAt', (log) => log.createdAt],
];

/** The Advanced logs export columns (admin-area section 2): one line per customer and MultiMFA. */
export const ADVANCED_LOG_CSV_COLUMNS: CsvColumns<AdvancedLogLine> = [
  ['email', (line) => line.email],
  ['name', (line) => line.name],
  ['multiMFA', (line) => line.multiMFA],
  ['success', (line) => line.success],
  ['failure', (line) => line.failure],
];
