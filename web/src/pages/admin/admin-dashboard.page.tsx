import { NotBuiltYet } from '../../components/not-built-yet.component';

export function AdminDashboardPage() {
  return (
    <NotBuiltYet
      title="Admin Dashboard"
      purpose="Statistics tiles: texts and e-mails forwarded, active and inactive MultiMFAs and RoboMFAs, occupied numbers, and new users by day, week, month and year."
    />
  );
}
