import { NotBuiltYet } from '../../components/not-built-yet.component';

export function ChangePasswordPage() {
  return (
    <NotBuiltYet
      title="Change Password"
      purpose="Choose a new password (New Password, Confirm Password, Update Password); afterwards you are signed out and sign in again."
    />
  );
}
