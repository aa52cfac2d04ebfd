import { Navigate } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { CreateMfaForm } from '../../features/mfas/create-mfa-form.component';
import { verifyFirstState } from '../../features/mfas/dashboard-notice';
import { useSession } from '../../session/session-store';

/** /dashboard/add-robomfa: a new RoboMFA number for bots; only for users whose e-mail is verified. */
export function AddRoboMfaPage() {
  const { isVerified } = useSession();
  if (!isVerified) return <Navigate to="/dashboard" replace state={verifyFirstState} />;
  return (
    <FormPage title="Create Your RoboMFA" description="A shared number whose codes your bots read over HTTP.">
      <CreateMfaForm kind="RoboMFA" />
    </FormPage>
  );
}
