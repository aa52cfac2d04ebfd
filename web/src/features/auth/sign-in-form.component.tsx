import { Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';
import { GoogleSignInButton } from './google-sign-in-button.component';
import { type SignInForm, signInFormSchema } from './sign-in.schema';
import { useSignIn } from './use-sign-in';

/** E-mail and password sign-in; Enter submits. Failures show under the form and in a toast. */
export function SignInFormCard() {
  const form = useZodForm(signInFormSchema, { defaultValues: { emailAddress: '', password: '' } });
  const signIn = useSignIn();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values: SignInForm) => {
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
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            label="Email"
            placeholder="Please enter your email"
            type="email"
            autoComplete="email"
            {...form.register('emailAddress')}
            error={errors.emailAddress?.message}
          />
          <PasswordInput
            label="Password"
            placeholder="Please enter your password"
            autoComplete="current-password"
            {...form.register('password')}
            error={errors.password?.message}
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
      <GoogleSignInButton />
    </Stack>
  );
}
