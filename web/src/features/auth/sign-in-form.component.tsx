import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { HydratedFieldset } from '../../browser/hydrated-fieldset.component';
import { FormServerError } from '../../forms/form-server-error.component';
import { PasswordField } from '../../forms/password-field.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';
import { GoogleSignInButton } from './google-sign-in-button.component';
import { type LoginBody, useSignIn } from './use-sign-in';

export interface SignInFormCardProps {
  /** Prefills the e-mail (after a Google sign-up). */
  defaultEmail?: string;
  /** A failed Google sign-in, or why the browser was sent here: shown under the form like a login failure. */
  ssoError?: string;
  /** A Google sign-in is under way. */
  ssoBusy?: boolean;
}

/** The login body's schema, with the contract and zod loaded on the first submit (not with the route). */
const loadLoginBody = async () => (await import('@multimfa/api-contract')).loginBody;

/** E-mail and password sign-in; Enter submits. Failures show under the form and in a toast. */
export function SignInFormCard({ defaultEmail = '', ssoError, ssoBusy = false }: SignInFormCardProps) {
  const form = useZodForm(loadLoginBody, { defaultValues: { emailAddress: defaultEmail, password: '' } });
  const signIn = useSignIn();

  useEffect(() => {
    if (ssoError) setServerError(form, ssoError);
  }, [form, ssoError]);

  const submit = form.handleSubmit((values: LoginBody) => {
    form.clearErrors('root.server');
    signIn.mutate(values, {
      onError(error) {
        const message = errorMessage(error);
        setServerError(form, message);
        notify.error(message);
      },
    });
  });

  return (
    // Prerendered (sign-in.html), the fields and buttons wait for the app's code.
    <HydratedFieldset>
      <Stack gap="md">
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap="sm">
            <TextInput
              label="Email"
              placeholder="Please enter your email"
              type="email"
              autoComplete="email"
              {...fieldProps(form, 'emailAddress')}
            />
            <PasswordField
              label="Password"
              placeholder="Please enter your password"
              autoComplete="current-password"
              {...fieldProps(form, 'password')}
            />
            <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
              Forgot password?
            </Anchor>
            <Button type="submit" fullWidth loading={signIn.isPending}>
              Login
            </Button>
            <FormServerError message={serverError(form)} />
          </Stack>
        </form>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup">
            Register
          </Anchor>
        </Text>
        <Divider label="Or" labelPosition="center" />
        <GoogleSignInButton busy={ssoBusy} />
      </Stack>
    </HydratedFieldset>
  );
}
