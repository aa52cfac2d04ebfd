import { NotBuiltYet } from '../../components/not-built-yet.component';

export function UserReportPage() {
  return (
    <NotBuiltYet
      title="User Report"
      purpose="Every user, filtered by date, with delete, activate/deactivate, password-reset e-mail and CSV export, and an Add Admin link."
    />
  );
}
