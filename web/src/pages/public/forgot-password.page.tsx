import { NotBuiltYet } from '../../components/not-built-yet.component';

export function ForgotPasswordPage() {
  return (
    <NotBuiltYet
      title="Forgot Password"
      purpose="Reset a forgotten password in three steps: enter your e-mail and press Send Code, enter the 6-digit code and press Verify, then choose a new password."
    />
  );
}
