import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { MobileNumberInput } from '../../forms/mobile-number-input.component';
import { PasswordField } from '../../forms/password-field.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import type { GoogleSignUpState } from './auth-route-state';
import { type SignUpFormInput, type SignUpFormValues, signUpFormSchema } from './sign-up.schema';
import { SignUpConsents } from './sign-up-consents.component';
import { useSignUp } from './use-sign-up';

function defaultValues(prefill: GoogleSignUpState | undefined): SignUpFormInput {
  return {
    emailAddress: prefill?.emailAddress ?? '',
    password: '',
    confirmPassword: '',
    firstName: prefill?.firstName ?? '',
    lastName: prefill?.lastName ?? '',
    mobileNo: '',
    provider: prefill ? 'GOOGLE' : 'NONE',
    serviceAgreementAgreed: false,
    receiveMarketingEmails: false,
  };
}

export interface SignUpFormProps {
  /** A Google sign-up: names and e-mail from Google; no password, the e-mail is locked. */
  prefill?: GoogleSignUpState;
}

/** Account creation (customer-area section 2). The server's message shows in red under the form. */
export function SignUpForm({ prefill }: SignUpFormProps) {
  const form = useZodForm(signUpFormSchema, { defaultValues: defaultValues(prefill) });
  const signUp = useSignUp();
  const withPassword = !prefill;
  const emailLocked = Boolean(prefill?.emailAddress);

  const submit = form.handleSubmit((values: SignUpFormValues) => {
    form.clearErrors('root.server');
    signUp.mutate(values, {
      onError: (error) => setServerError(form, errorMessage(error, GENERIC_ERROR_MESSAGE)),
    });
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="First Name"
              placeholder="Please enter your first name"
              autoComplete="given-name"
              miw={180}
              {...fieldProps(form, 'firstName')}
            />
            <TextInput
              label="Last Name"
              placeholder="Please enter your last name"
              autoComplete="family-name"
              miw={180}
              {...fieldProps(form, 'lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            placeholder="Please enter your email"
            type="email"
            autoComplete="email"
            readOnly={emailLocked}
            description={emailLocked ? 'The address of your Google account' : undefined}
            {...fieldProps(form, 'emailAddress')}
          />
          <MobileNumberInput {...fieldProps(form, 'mobileNo')} />
          {withPassword && (
            <>
              <PasswordField
                label="Password"
                placeholder="At least 8 characters"
                autoComplete="new-password"
                {...fieldProps(form, 'password')}
              />
              <PasswordField
                label="Confirm Password"
                placeholder="Please enter the password again"
                autoComplete="new-password"
                {...fieldProps(form, 'confirmPassword')}
              />
            </>
          )}
          <SignUpConsents form={form} />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Sign Up
          </Button>
          <FormServerError message={serverError(form)} />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
