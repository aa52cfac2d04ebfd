import { Button, Stack } from '@mantine/core';
import { changePasswordForm } from '@multimfa/api-contract';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { NewPasswordFields } from '../../forms/new-password-fields.component';
import { serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { useChangePassword } from './use-change-password';

/** New Password, Confirm Password, "Update Password" (values trimmed before they are checked). */
export function ChangePasswordForm() {
  const form = useZodForm(changePasswordForm, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const changePassword = useChangePassword();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    changePassword.mutate(values.newPassword, {
      // The toast says what failed; a reason the server gave (a rule the password breaks) shows here.
      onError: (error) => {
        if (error instanceof ApiError && error.hasServerMessage) setServerError(form, error.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={changePassword.isPending}>
          Update Password
        </Button>
        <FormServerError message={serverError(form)} />
      </Stack>
    </form>
  );
}
