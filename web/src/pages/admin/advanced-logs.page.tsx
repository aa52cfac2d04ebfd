import { NotBuiltYet } from '../../components/not-built-yet.component';

export function AdvancedLogsPage() {
  return (
    <NotBuiltYet
      title="Advanced Logs"
      purpose="Successful and failed message counts per user and MultiMFA, filtered by date, with CSV export."
    />
  );
}
