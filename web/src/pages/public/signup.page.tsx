import { NotBuiltYet } from '../../components/not-built-yet.component';

export function SignUpPage() {
  return (
    <NotBuiltYet
      title="Sign Up"
      purpose="Create an account with your first and last name, e-mail, mobile number and password; a normal sign-up then verifies the e-mail address, a Google sign-up goes straight to sign-in."
    />
  );
}
