import { MfaReportPage } from '../../features/admin-reports/mfa-report-page.component';
import { useMultiMfaRows } from '../../features/admin-reports/use-admin-reports';

/** /admin/multimfa: every customer's MultiMFAs, filtered by creation date, with delete and CSV export. */
export function MultiMfasPage() {
  return <MfaReportPage kind="MultiMFA" title="MultiMFAs" load={useMultiMfaRows} />;
}
