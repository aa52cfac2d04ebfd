import { Button, Stack } from '@mantine/core';
import { newPasswordForm } from '@multimfa/api-contract';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { NewPasswordFields } from '../../forms/new-password-fields.component';
import { serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { useResetPassword } from './use-verification-calls';

export interface NewPasswordStepProps {
  emailAddress: string;
  onChanged: () => void;
}

/** Step 3 (forgot password): the new password twice and "Change Password" (disabled while blank). */
export function NewPasswordStep({ emailAddress, onChanged }: NewPasswordStepProps) {
  const form = useZodForm(newPasswordForm, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const resetPassword = useResetPassword();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    resetPassword.mutate(
      { emailAddress, newPassword: values.newPassword },
      { onSuccess: onChanged, onError: (error) => setServerError(form, errorMessage(error)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields form={form} />
        <Button
          type="submit"
          fullWidth
          disabled={newPassword.trim() === ''}
          loading={resetPassword.isPending}
        >
          Change Password
        </Button>
        <FormServerError message={serverError(form)} />
      </Stack>
    </form>
  );
}
