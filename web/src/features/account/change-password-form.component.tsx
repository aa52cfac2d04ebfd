import { Button, Stack } from '@mantine/core';
import { changePasswordForm, type newPasswordForm } from '@multimfa/api-contract';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { NewPasswordFields } from '../../forms/new-password-fields.component';
import { PasswordField } from '../../forms/password-field.component';
import { fieldProps, serverError, setServerError, useZodForm, type ZodForm } from '../../forms/use-zod-form';
import { useChangePassword } from './use-change-password';

/** Current Password, New Password, Confirm Password, "Update Password" (new values trimmed first). */
export function ChangePasswordForm() {
  const form = useZodForm(changePasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const changePassword = useChangePassword();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    changePassword.mutate(values, {
      // The toast says what failed; a reason the server gave (a rule the password breaks) shows here.
      onError: (error) => {
        if (error instanceof ApiError && error.hasServerMessage) setServerError(form, error.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          {...fieldProps(form, 'currentPassword')}
        />
        {/* The same two fields as the reset step; this form only adds the current password before them. */}
        <NewPasswordFields form={form as unknown as ZodForm<typeof newPasswordForm>} />
        <Button type="submit" fullWidth loading={changePassword.isPending}>
          Update Password
        </Button>
        <FormServerError message={serverError(form)} />
      </Stack>
    </form>
  );
}
