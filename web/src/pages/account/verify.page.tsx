import { Navigate, useLocation } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { landingPathFor } from '../../features/auth/sign-in-routing';
import { EmailVerificationStepper } from '../../features/email-verification/email-verification-stepper.component';
import { readVerifyRouteState } from '../../features/email-verification/verify-route-state';
import { markVerified } from '../../session/session.actions';
import { sessionStore, useSession } from '../../session/session-store';

/** /verify: the signed-in user verifies their own address; success unlocks buying numbers. */
export function VerifyPage() {
  const session = useSession();
  const codeSent = readVerifyRouteState(useLocation().state)?.codeSent === true;

  // Also what happens on success: the session becomes verified and this sends the user on (/dashboard).
  if (session.isVerified) return <Navigate to={landingPathFor(session)} replace />;

  return (
    <FormPage
      title="Verify your email address"
      description="Send a code to your address and enter it here to start using MultiMFA."
    >
      <EmailVerificationStepper
        mode="verify"
        emailAddress={session.emailAddress}
        codeSent={codeSent}
        onDone={() => sessionStore.apply(markVerified)}
      />
    </FormPage>
  );
}
