import { Navigate } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { CreateMfaForm } from '../../features/mfas/create-mfa-form.component';
import { verifyFirstState } from '../../features/mfas/dashboard-notice';
import { useSession } from '../../session/session-store';

/** /dashboard/add: a new MultiMFA team number; only for users whose e-mail is verified. */
export function AddMultiMfaPage() {
  const { isVerified } = useSession();
  if (!isVerified) return <Navigate to="/dashboard" replace state={verifyFirstState} />;
  return (
    <FormPage
      title="Create MultiMFA"
      description="A shared number whose codes reach your team by e-mail, by mobile or both."
    >
      <CreateMfaForm kind="MultiMFA" />
    </FormPage>
  );
}
