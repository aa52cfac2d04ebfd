import { useLocation } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { googleSignUpStateSchema, readRouteState } from '../../features/auth/auth-route-state';
import { SignUpForm } from '../../features/auth/sign-up-form.component';

/** /signup: a normal sign-up, or the end of a Google sign-in for an address without an account. */
export function SignUpPage() {
  const location = useLocation();
  const prefill = readRouteState(googleSignUpStateSchema, location.state);
  return (
    <FormPage
      title="Create your account"
      description={
        prefill
          ? 'Finish signing up with Google: check your name and add your mobile number.'
          : 'Share one number with your team and get every code where you need it.'
      }
      size="sm"
    >
      <SignUpForm key={prefill ? `google:${prefill.emailAddress}` : 'email'} prefill={prefill} />
    </FormPage>
  );
}
