import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { codeFormSchema } from './email-verification.schema';
import { useCheckCode, useSendCode } from './use-verification-calls';

export interface CodeStepProps {
  emailAddress: string;
  /** The code a set-password link carries, filled in. */
  defaultCode?: string;
  onVerified: () => void;
  /** Back to step 1 (only where the address may be changed). */
  onChangeEmail?: () => void;
}

/** Step 2: the e-mailed 6-digit code and "Verify" (disabled while the code is blank). */
export function CodeStep({ emailAddress, defaultCode = '', onVerified, onChangeEmail }: CodeStepProps) {
  const form = useZodForm(codeFormSchema, { defaultValues: { token: defaultCode } });
  const token = useWatch({ control: form.control, name: 'token' }) ?? '';
  const checkCode = useCheckCode();
  const sendCode = useSendCode();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    checkCode.mutate(
      { emailAddress, token: values.token },
      { onSuccess: onVerified, onError: (error) => setServerError(form, errorMessage(error)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          We sent a 6-digit code to <strong>{emailAddress}</strong>. It is valid for 10 minutes.
        </Text>
        <TextInput
          label="Code"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...fieldProps(form, 'token')}
        />
        <Button type="submit" fullWidth disabled={token.trim() === ''} loading={checkCode.isPending}>
          Verify
        </Button>
        <FormServerError message={serverError(form)} />
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={sendCode.isPending}
            onClick={() => sendCode.mutate(emailAddress)}
          >
            Send a new code
          </Button>
          {onChangeEmail && (
            <Button variant="subtle" size="compact-sm" color="gray" onClick={onChangeEmail}>
              Use another address
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
