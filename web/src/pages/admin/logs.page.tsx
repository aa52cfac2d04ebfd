import { NotBuiltYet } from '../../components/not-built-yet.component';

export function LogsPage() {
  return (
    <NotBuiltYet
      title="Logs"
      purpose="Message logs filtered by log type, mobile number and dates, 25 per page, with CSV export."
    />
  );
}
