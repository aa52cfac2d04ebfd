import { Button, Stack, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { sendCodeFormSchema } from './email-verification.schema';
import { useSendCode } from './use-verification-calls';

export interface SendCodeStepProps {
  defaultEmail: string;
  /** The signed-in user's own address: shown, not editable. */
  locked: boolean;
  onSent: (emailAddress: string) => void;
}

/** Step 1: the e-mail address and "Send Code" (disabled while the address is blank). */
export function SendCodeStep({ defaultEmail, locked, onSent }: SendCodeStepProps) {
  const form = useZodForm(sendCodeFormSchema, { defaultValues: { emailAddress: defaultEmail } });
  const emailAddress = useWatch({ control: form.control, name: 'emailAddress' }) ?? '';
  const sendCode = useSendCode();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    sendCode.mutate(values.emailAddress, {
      onSuccess: () => onSent(values.emailAddress),
      onError: (error) => setServerError(form, errorMessage(error)),
    });
  });

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
      </Stack>
    </form>
  );
}
