import { NotBuiltYet } from '../../components/not-built-yet.component';

export function ProfilePage() {
  return <NotBuiltYet title="Profile" purpose="Update your first name, last name and mobile number." />;
}
