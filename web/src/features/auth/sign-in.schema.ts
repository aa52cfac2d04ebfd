import { z } from 'zod';

/** The sign-in form (customer-area section 5: both fields required, with the spec's messages). */
export const signInFormSchema = z.object({
  emailAddress: z.string().trim().min(1, 'Please provide email address'),
  password: z.string().min(1, 'Please provide password'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
