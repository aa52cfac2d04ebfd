import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ApiError, errorMessage } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { sendCodeFormSchema } from './email-verification.schema';
import { useSendCode } from './use-verification-calls';

export interface SendCodeStepProps {
  defaultEmail: string;
  /** The signed-in user's own address: shown, not editable. */
  locked: boolean;
  onSent: (emailAddress: string) => void;
  /** "I already have a code": on to the code step without sending one (sign-up e-mailed one already). */
  onHaveCode: (emailAddress: string) => void;
}

/** When a refused request may be made again, from the error's `retryAfterSeconds`, as a time of day. */
function retryTimeOf(error: unknown, now = Date.now()): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0)) return undefined;
  return new Date(now + seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Step 1: the e-mail address and "Send Code" (both disabled while the address is blank), or "I already
 * have a code" for a code e-mailed before (sign-up sends one). When sending is refused for too many
 * codes, the step says from when a new one may be asked for.
 */
export function SendCodeStep({ defaultEmail, locked, onSent, onHaveCode }: SendCodeStepProps) {
  const form = useZodForm(sendCodeFormSchema, { defaultValues: { emailAddress: defaultEmail } });
  const emailAddress = useWatch({ control: form.control, name: 'emailAddress' }) ?? '';
  const sendCode = useSendCode();
  const [retryTime, setRetryTime] = useState<string>();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    setRetryTime(undefined);
    sendCode.mutate(values.emailAddress, {
      onSuccess: () => onSent(values.emailAddress),
      onError: (error) => {
        setServerError(form, errorMessage(error));
        setRetryTime(retryTimeOf(error));
      },
    });
  });
  const haveCode = form.handleSubmit((values) => onHaveCode(values.emailAddress));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          placeholder="Please enter your email"
          type="email"
          autoComplete="email"
          readOnly={locked}
          description={
            locked ? 'We will e-mail a 6-digit code to this address' : 'We will e-mail you a 6-digit code'
          }
          {...fieldProps(form, 'emailAddress')}
        />
        <Button type="submit" fullWidth disabled={emailAddress.trim() === ''} loading={sendCode.isPending}>
          Send Code
        </Button>
        <FormServerError message={serverError(form)} />
        {retryTime && (
          <Text size="sm" data-testid="code-retry-time">
            You can ask for a new code from {retryTime}. A code you already received works until it expires.
          </Text>
        )}
        <Button variant="subtle" size="compact-sm" disabled={emailAddress.trim() === ''} onClick={haveCode}>
          I already have a code
        </Button>
      </Stack>
    </form>
  );
}
