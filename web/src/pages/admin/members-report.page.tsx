import { NotBuiltYet } from '../../components/not-built-yet.component';

export function MembersReportPage() {
  return (
    <NotBuiltYet
      title="Members Report"
      purpose="Every member with their forwarding method and MultiMFA, filtered by date, with CSV export."
    />
  );
}
