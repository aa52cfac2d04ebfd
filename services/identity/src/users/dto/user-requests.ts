import {
  codeField,
  emailAddressField,
  firstNameField,
  lastNameField,
  mobileNoField,
  newPasswordField,
  passwordField,
} from '@multimfa/api-contract';
import { z } from 'zod';

/** What the gateway sends once it has checked the browser's side (XSRF, session, Google identity). */
export const registerRequest = z.object({
  emailAddress: emailAddressField,
  password: passwordField.optional(),
  firstName: firstNameField,
  lastName: lastNameField,
  mobileNo: mobileNoField,
  userType: z.enum(['ADMIN', 'CUSTOMER']).default('CUSTOMER'),
  /** Set only for a sign-up with the Google identity the gateway verified in this session. */
  google: z.object({ subject: z.string().min(1).max(255), emailAddress: emailAddressField }).optional(),
  serviceAgreementAgreed: z.boolean(),
  receiveMarketingEmails: z.boolean(),
});
export type RegisterRequest = z.output<typeof registerRequest>;

export const authenticateRequest = z.object({
  emailAddress: emailAddressField,
  password: z.string().min(1).max(128),
});
export const profileRequest = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  mobileNo: mobileNoField,
});
export const setPasswordRequest = z.object({
  newPassword: newPasswordField,
  reason: z.enum(['CHANGED', 'RESET']),
});
export const codeRequest = z.object({ code: codeField });
export const resetRequest = z.object({ emailAddress: emailAddressField });
export const resetCheckRequest = z.object({ emailAddress: emailAddressField, code: codeField });
export const googleResolveRequest = z.object({
  subject: z.string().min(1).max(255),
  emailAddress: emailAddressField,
});
