import { NotBuiltYet } from '../../components/not-built-yet.component';

export function VerifyPage() {
  return (
    <NotBuiltYet
      title="Verify Email"
      purpose="Verify your e-mail address: press Send Code, then enter the 6-digit code from the e-mail to unlock buying numbers."
    />
  );
}
