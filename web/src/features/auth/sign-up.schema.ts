import { signUpForm } from '@multimfa/api-contract';
import type { z } from 'zod';

export const SERVICE_AGREEMENT_MESSAGE =
  'Please accept the Terms & Conditions and the Privacy Policy to create an account';

/**
 * The contract's sign-up form, plus the one rule it leaves to the product: an account is only created
 * once the service agreement is accepted.
 */
export const signUpFormSchema = signUpForm.refine((form) => form.serviceAgreementAgreed, {
  path: ['serviceAgreementAgreed'],
  message: SERVICE_AGREEMENT_MESSAGE,
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormValues = z.output<typeof signUpFormSchema>;
