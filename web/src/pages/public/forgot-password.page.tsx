import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { EmailVerificationStepper } from '../../features/email-verification/email-verification-stepper.component';

/** /forgot-password: a code to the address, then a new password; afterwards the home page. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <FormPage title="Forgot password" description="We will e-mail you a code to choose a new password.">
      <Stack gap="md">
        <EmailVerificationStepper
          mode="forgot-password"
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
