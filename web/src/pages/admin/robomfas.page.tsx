import { MfaReportPage } from '../../features/admin-reports/mfa-report-page.component';
import { useRoboMfaRows } from '../../features/admin-reports/use-admin-reports';

/** /admin/robomfa: every customer's RoboMFAs, filtered by creation date, with delete and CSV export. */
export function RoboMfasPage() {
  return <MfaReportPage kind="RoboMFA" title="RoboMFAs" load={useRoboMfaRows} />;
}
