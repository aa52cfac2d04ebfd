import type { AdminMember } from '@multimfa/api-contract';
import type { MfaTableRow } from './mfas-table.component';
import type { CsvColumns } from './use-range-report';

/** forwardMedium with its words separated by spaces: MOBILE_NUMBER reads "MOBILE NUMBER". */
export const mediumLabel = (medium: AdminMember['forwardMedium']) => medium.replace(/_/g, ' ');

/** The export columns of both MFA lists (admin-area section 2, MultiMFAs and RoboMFAs). */
export const MFA_CSV_COLUMNS: CsvColumns<MfaTableRow> = [
  ['name', (row) => row.name],
  ['twilioNumber', (row) => row.number ?? ''],
  ['isActive', (row) => row.isActive],
  ['plan', (row) => row.planName],
  ['createdAt', (row) => row.createdAt],
];

/** The Members report's export columns (admin-area section 2, Members report). */
export const MEMBER_CSV_COLUMNS: CsvColumns<AdminMember> = [
  ['firstName', (member) => member.firstName],
  ['lastName', (member) => member.lastName],
  ['forwardMedium', (member) => mediumLabel(member.forwardMedium)],
  ['mobileNo', (member) => member.mobileNo],
  ['email', (member) => member.email],
  ['multiMFA', (member) => member.multiMFA.name],
];
