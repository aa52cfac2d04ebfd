import { codeField, emailAddressField } from '@multimfa/api-contract';
import { z } from 'zod';

/** Step 1: the address the code goes to. */
export const sendCodeFormSchema = z.object({ emailAddress: emailAddressField });

/** Step 2: the e-mailed code, exactly 6 digits. */
export const codeFormSchema = z.object({ token: codeField });

/** verify: the signed-in user's own address, two steps. forgot-password: any address, then a new password. */
export type VerificationMode = 'verify' | 'forgot-password';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
export const CODE_SENT_MESSAGE = 'Email sent with verification token';
