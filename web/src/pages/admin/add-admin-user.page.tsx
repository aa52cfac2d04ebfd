import { NotBuiltYet } from '../../components/not-built-yet.component';

export function AddAdminUserPage() {
  return (
    <NotBuiltYet
      title="Create Admin User"
      purpose="Invite a new administrator by name, mobile number and e-mail; they receive a link to set their password."
    />
  );
}
