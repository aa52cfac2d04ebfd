import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DashboardPage() {
  return (
    <NotBuiltYet
      title="Dashboard"
      purpose="Cards for your MultiMFA and RoboMFA numbers with plan, next payment date, subscription status and assigned number, and a Create MFA menu."
    />
  );
}
