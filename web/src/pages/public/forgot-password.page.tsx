import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { EmailVerificationStepper } from '../../features/email-verification/email-verification-stepper.component';

/** A set-password link: `#email=…&code=…` (a 6-digit code), else nothing. */
function linkOf(params: URLSearchParams): { emailAddress: string; code: string } | undefined {
  const emailAddress = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  return emailAddress && /^\d{6}$/.test(code) ? { emailAddress, code } : undefined;
}

/**
 * /forgot-password: a code to the address, then a new password; afterwards the home page. A
 * set-password link (`#email=…&code=…`, never sent to a server) opens at the code, filled in.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [link] = useState(() => linkOf(new URLSearchParams(hash.replace(/^#/, ''))));
  return (
    <FormPage title="Forgot password" description="We will e-mail you a code to choose a new password.">
      <Stack gap="md">
        <EmailVerificationStepper
          mode="forgot-password"
          link={link}
          onDone={() => void navigate('/', { replace: true })}
        />
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </FormPage>
  );
}
