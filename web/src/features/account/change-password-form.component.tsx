import { Button, Stack, Text } from '@mantine/core';
import { changePasswordForm, currentSession, newPasswordForm } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { PageLoader } from '../../components/page-loader.component';
import { FormServerError } from '../../forms/form-server-error.component';
import { NewPasswordFields } from '../../forms/new-password-fields.component';
import { PasswordField } from '../../forms/password-field.component';
import { fieldProps, serverError, setServerError, useZodForm, type ZodForm } from '../../forms/use-zod-form';
import { GoogleSignInButton } from '../auth/google-sign-in-button.component';
import { readSsoCallback, withoutSsoParams } from '../auth/sso-callback';
import { accountKeys } from './account.keys';
import { useChangePassword } from './use-change-password';

const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * The change-password form. An account with a password proves itself with it; a Google-only account
 * with a Google sign-in, which comes back here (the server accepts it for 10 minutes).
 */
export function ChangePasswordForm() {
  const account = useQuery({ queryKey: accountKeys.currentSession, queryFn: () => api.data(currentSession) });
  const [params, setParams] = useSearchParams();
  const [callback] = useState(() => readSsoCallback(params));
  useEffect(() => {
    if (callback) setParams((current) => withoutSsoParams(current), { replace: true });
  }, [callback, setParams]);

  if (account.isPending) return <PageLoader />;
  if (account.data?.hasPassword === false) {
    return (
      <GoogleProvenForm
        confirmed={callback?.kind === 'google'}
        error={callback?.kind === 'error' ? callback.message : undefined}
      />
    );
  }
  return <CurrentPasswordForm />;
}

/** Current Password, New Password, Confirm Password, "Update Password" (new values trimmed first). */
function CurrentPasswordForm() {
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
        <UpdatePassword busy={changePassword.isPending} error={serverError(form)} />
      </Stack>
    </form>
  );
}

/**
 * A Google-only account: "Confirm with Google" first; back from Google, the new password twice. A
 * confirmation that has aged out on the server asks for Google again.
 */
function GoogleProvenForm({ confirmed, error }: { confirmed: boolean; error: string | undefined }) {
  const [proven, setProven] = useState(confirmed);
  const form = useZodForm(newPasswordForm, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const changePassword = useChangePassword();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    changePassword.mutate(
      { newPassword: values.newPassword },
      {
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.hasServerMessage)) return;
          if (failure.code === 'GOOGLE_IDENTITY_REQUIRED') setProven(false);
          setServerError(form, failure.message);
        },
      },
    );
  });

  if (!proven) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Your account signs in with Google and has no password yet. Confirm with Google, then choose one.
        </Text>
        <GoogleSignInButton label="Confirm with Google" returnTo={CHANGE_PASSWORD_PATH} />
        <FormServerError message={serverError(form) ?? error} />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">Google confirmed it is you. Choose your new password.</Text>
        <NewPasswordFields form={form} />
        <UpdatePassword busy={changePassword.isPending} error={serverError(form)} />
      </Stack>
    </form>
  );
}

function UpdatePassword({ busy, error }: { busy: boolean; error: string | undefined }) {
  return (
    <>
      <Button type="submit" fullWidth loading={busy}>
        Update Password
      </Button>
      <FormServerError message={error} />
    </>
  );
}
