import { changePasswordForm } from '@multimfa/api-contract';
import { PasswordField } from './password-field.component';
import type { ZodForm } from './use-zod-form';

/** "New Password" and "Confirm Password", for every form that sets a password (change or reset). */
export function NewPasswordFields({ form }: { form: ZodForm<typeof changePasswordForm> }) {
  const { errors } = form.formState;
  return (
    <>
      <PasswordField
        label="New Password"
        placeholder="At least 8 characters"
        autoComplete="new-password"
        {...form.register('newPassword')}
        error={errors.newPassword?.message}
      />
      <PasswordField
        label="Confirm Password"
        placeholder="Please enter the new password again"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
    </>
  );
}
