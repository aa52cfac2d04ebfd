import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';
import { personNameField } from './person-name.schema.js';
import { sessionMfaSchema } from './purchase.contract.js';

// ---- fields, with the messages the product shows -------------------------------------------

export const emailAddressField = z
  .string({ error: 'Please provide email address' })
  .trim()
  .min(1, 'Please provide email address')
  .max(254, 'The email address is too long')
  .pipe(z.email('Please provide a valid email address'))
  .transform((value) => value.toLowerCase());

/** OWASP: at least 8 characters, long passphrases allowed, no composition rules. */
export const passwordField = z
  .string({ error: 'Please provide password' })
  .min(1, 'Please provide password')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const newPasswordField = z
  .string({ error: 'Please provide new password' })
  .trim()
  .min(1, 'Please provide new password')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const mobileNoField = z
  .string({ error: 'Please provide mobile number' })
  .trim()
  .min(1, 'Please provide mobile number')
  .regex(/^\+[1-9]\d{6,14}$/, 'Please provide the mobile number in international format, e.g. +12125551212');

export const firstNameField = personNameField('First name', 60);
export const lastNameField = personNameField('Last name', 60);

/** E-mailed one-time codes: exactly 6 digits. */
export const codeField = z
  .string({ error: 'Please provide the code' })
  .trim()
  .regex(/^\d{6}$/, 'Please provide the 6-digit code');

export const userTypeSchema = z.enum(['ADMIN', 'CUSTOMER']);
export const providerSchema = z.enum(['NONE', 'GOOGLE']);
const message = z.object({}).nullable();

// ---- sign-up --------------------------------------------------------------------------------

export const signUpBody = z
  .object({
    emailAddress: emailAddressField,
    password: z.string().optional(),
    firstName: firstNameField,
    lastName: lastNameField,
    mobileNo: mobileNoField,
    /** Always CUSTOMER: an administrator is created by another administrator. */
    userType: z.literal('CUSTOMER', { error: 'Sign-up creates customer accounts only' }).default('CUSTOMER'),
    provider: providerSchema.default('NONE'),
    serviceAgreementAgreed: z.literal(true, {
      error: 'Please accept the Terms & Conditions and the Privacy Policy to create an account',
    }),
    receiveMarketingEmails: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.provider === 'NONE') {
      const result = passwordField.safeParse(body.password ?? '');
      if (!result.success) {
        context.addIssue({
          code: 'custom',
          path: ['password'],
          message: result.error.issues[0]?.message ?? '',
        });
      }
    }
  })
  .meta({ id: 'SignUpRequest' });

export const signUpData = z
  .object({
    emailAddress: z.string(),
    isVerified: z.boolean(),
    fullName: z.string(),
    userId: z.string(),
    stripeCustomerId: z.string(),
  })
  .meta({ id: 'SignUpResult' });

export const signUp = endpoint({
  operationId: 'signUp',
  method: 'POST',
  path: '/api/auth/signup',
  summary:
    'Create a customer account (and sign in); a GOOGLE sign-up needs the Google identity just verified',
  tag: 'auth',
  access: 'public',
  body: signUpBody,
  response: envelope(signUpData),
});

/** The sign-up form: the call's fields plus the confirmation the browser checks. */
export const signUpForm = z
  .object({
    emailAddress: emailAddressField,
    password: z.string(),
    confirmPassword: z.string(),
    firstName: firstNameField,
    lastName: lastNameField,
    mobileNo: mobileNoField,
    provider: providerSchema,
    serviceAgreementAgreed: z.boolean(),
    receiveMarketingEmails: z.boolean(),
  })
  .superRefine((form, context) => {
    if (form.provider !== 'NONE') return;
    const result = passwordField.safeParse(form.password);
    if (!result.success) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: result.error.issues[0]?.message ?? '',
      });
    } else if (form.password !== form.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'Password or Confirm Password are not similar',
      });
    }
  });

// ---- sign-in ----------------------------------------------------------------------------------

export const loginBody = z
  .object({
    emailAddress: emailAddressField,
    password: z.string({ error: 'Please provide password' }).min(1, 'Please provide password').max(128),
  })
  .meta({ id: 'LoginRequest' });

export const sessionUserData = z
  .object({
    emailAddress: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userId: z.string(),
    userType: userTypeSchema,
    isVerified: z.boolean(),
    isLoggedIn: z.boolean(),
    /** False for a Google-only account: changing its password takes a fresh Google sign-in. */
    hasPassword: z.boolean(),
    mobileNo: z.string(),
    /** The user's MultiMFAs and RoboMFAs (filled by the numbers service). */
    MFAs: z.array(sessionMfaSchema),
    stripeCustomerId: z.string(),
  })
  .meta({ id: 'SessionUser' });

export const login = endpoint({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with e-mail and password',
  tag: 'auth',
  access: 'public',
  body: loginBody,
  response: envelope(sessionUserData),
});

/** Who is signed in on this browser (the web app checks it when it starts). */
export const currentSession = endpoint({
  operationId: 'currentSession',
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user of this browser session',
  tag: 'auth',
  access: 'user',
  response: envelope(sessionUserData),
});

export const logout = endpoint({
  operationId: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End the session on the server',
  tag: 'auth',
  access: 'public',
  response: envelope(z.null()),
});

// ---- Google -----------------------------------------------------------------------------------

export const ssoBody = z.object({ emailAddress: emailAddressField }).meta({ id: 'SsoRequest' });

export const checkSSOStatus = endpoint({
  operationId: 'checkSSOStatus',
  method: 'POST',
  path: '/api/auth/checkSSOStatus',
  summary:
    'Whether the Google identity this browser just verified has an account (and its names, for sign-up)',
  tag: 'auth',
  access: 'public',
  body: ssoBody,
  response: envelope(
    z.object({
      registered: z.boolean(),
      emailAddress: z.string(),
      fullName: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    }),
  ),
});

export const loginSSO = endpoint({
  operationId: 'loginSSO',
  method: 'POST',
  path: '/api/auth/loginSSO',
  summary: 'Sign in with the Google identity this browser just verified',
  tag: 'auth',
  access: 'public',
  body: ssoBody,
  response: envelope(sessionUserData),
});

// ---- codes and passwords ------------------------------------------------------------------

export const sendCodeBody = z.object({ emailAddress: emailAddressField }).meta({ id: 'SendCodeRequest' });
export const checkCodeBody = z
  .object({ emailAddress: emailAddressField, token: codeField })
  .meta({ id: 'CheckCodeRequest' });
export const resetPasswordBody = z
  .object({ emailAddress: emailAddressField, newPassword: newPasswordField })
  .meta({ id: 'ResetPasswordRequest' });

export const verifyEmail = endpoint({
  operationId: 'verifyEmail',
  method: 'POST',
  path: '/api/auth/verifyemail',
  summary:
    'E-mail a 6-digit code: to verify the signed-in user\u2019s address, or (signed out) to reset a password',
  tag: 'auth',
  access: 'public',
  body: sendCodeBody,
  response: envelope(message),
});

export const verifyEmailToken = endpoint({
  operationId: 'verifyEmailToken',
  method: 'POST',
  path: '/api/auth/verifyemailtoken',
  summary: 'Check an e-mailed code: verifies the address, or allows this session to set a new password',
  tag: 'auth',
  access: 'public',
  body: checkCodeBody,
  response: envelope(message),
});

export const changePasswordFP = endpoint({
  operationId: 'changePasswordFP',
  method: 'POST',
  path: '/api/auth/changePasswordFP',
  summary: 'Set a new password after a reset code was verified in this session, within 10 minutes',
  tag: 'auth',
  access: 'public',
  body: z
    .object({ emailAddress: emailAddressField, newPassword: newPasswordField })
    .meta({ id: 'ResetPasswordRequest' }),
  response: envelope(message),
});

/** The current password proves it is the account's owner at the keyboard (Google-only accounts: optional). */
export const currentPasswordField = z
  .string({ error: 'Please provide your current password' })
  .max(128, 'Password must be at most 128 characters');

export const changePasswordBody = z
  .object({ currentPassword: currentPasswordField.optional(), newPassword: newPasswordField })
  .meta({ id: 'ChangePasswordRequest' });

export const changePassword = endpoint({
  operationId: 'changePassword',
  method: 'POST',
  path: '/api/auth/changepassword',
  summary:
    'Change the signed-in user\u2019s password, proven by the current one (a Google-only account: a Google sign-in of the last 10 minutes); every session of the user ends',
  tag: 'auth',
  access: 'user',
  body: changePasswordBody,
  response: envelope(message),
});

const newPasswordPair = {
  newPassword: newPasswordField,
  confirmPassword: z
    .string({ error: 'Please provide confirm password' })
    .trim()
    .min(1, 'Please provide confirm password'),
};
/** Both new-password fields agree (checked on the form's values, after trimming). */
const confirmed = <S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(schema: S) =>
  schema.refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'New password and confirm password not matched',
  });

/** The new-password step of a reset (the spec's messages, values trimmed first). */
export const newPasswordForm = confirmed(z.object(newPasswordPair));

/** The change-password form: the current password, then the new one twice. */
export const changePasswordForm = confirmed(
  z.object({
    currentPassword: z
      .string({ error: 'Please provide your current password' })
      .min(1, 'Please provide your current password')
      .max(128, 'Password must be at most 128 characters'),
    ...newPasswordPair,
  }),
);

// ---- profile ----------------------------------------------------------------------------------

export const updateUserBody = z
  .object({
    id: z.string().min(1),
    firstName: firstNameField,
    lastName: lastNameField,
    mobileNo: mobileNoField,
  })
  .meta({ id: 'UpdateProfileRequest' });

export const updateUser = endpoint({
  operationId: 'updateUser',
  method: 'PUT',
  path: '/api/auth/user',
  summary: 'Update the signed-in user\u2019s profile',
  tag: 'auth',
  access: 'user',
  body: updateUserBody,
  response: envelope(
    z.object({
      userId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      fullName: z.string(),
      mobileNo: z.string(),
    }),
  ),
});

export const getXsrfToken = endpoint({
  operationId: 'getXsrfToken',
  method: 'GET',
  path: '/api/auth/xsrf',
  summary: 'Issues the XSRF-TOKEN cookie that state-changing calls echo in the X-XSRF-TOKEN header',
  tag: 'auth',
  access: 'public',
  response: envelope(z.null()),
});
