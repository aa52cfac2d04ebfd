import { FormPage } from '../../components/form-page.component';
import { ChangePasswordForm } from '../../features/account/change-password-form.component';

/** /change-password, for customers and administrators. */
export function ChangePasswordPage() {
  return (
    <FormPage
      title="Change Password"
      description="You will be signed out everywhere and sign in again with the new password."
    >
      <ChangePasswordForm />
    </FormPage>
  );
}
