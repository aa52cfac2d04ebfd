import { Anchor, Checkbox, Stack } from '@mantine/core';
import type { ZodForm } from '../../forms/use-zod-form';
import { fieldProps } from '../../forms/use-zod-form';
import type { signUpFormSchema } from './sign-up.schema';

/** The service agreement (required, legal texts open in a new tab) and the marketing e-mails opt-in. */
export function SignUpConsents({ form }: { form: ZodForm<typeof signUpFormSchema> }) {
  return (
    <Stack gap="xs">
      <Checkbox
        {...fieldProps(form, 'serviceAgreementAgreed')}
        label={
          <>
            I agree to the{' '}
            <Anchor href="/terms" target="_blank" rel="noopener" inherit>
              Terms &amp; Conditions
            </Anchor>{' '}
            and the{' '}
            <Anchor href="/privacy" target="_blank" rel="noopener" inherit>
              Privacy Policy
            </Anchor>
          </>
        }
      />
      <Checkbox
        {...form.register('receiveMarketingEmails')}
        label="Send me product news and offers by e-mail"
      />
    </Stack>
  );
}
