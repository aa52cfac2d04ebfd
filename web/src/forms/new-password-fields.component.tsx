import type { newPasswordForm } from '@multimfa/api-contract';
import { PasswordField } from './password-field.component';
import type { ZodForm } from './use-zod-form';
import { fieldProps } from './use-zod-form';

/** "New Password" and "Confirm Password", for every form that sets a password (change or reset). */
export function NewPasswordFields({ form }: { form: ZodForm<typeof newPasswordForm> }) {
  return (
    <>
      <PasswordField
        label="New Password"
        placeholder="At least 8 characters"
        autoComplete="new-password"
        {...fieldProps(form, 'newPassword')}
      />
      <PasswordField
        label="Confirm Password"
        placeholder="Please enter the new password again"
        autoComplete="new-password"
        {...fieldProps(form, 'confirmPassword')}
      />
    </>
  );
}
