import { endpoint, envelope } from '@multimfa/api-contract';
import { z } from 'zod';
import { sessionMfaSchema, userTypeSchema } from '../../session/session.schema';

/*
 * SEAM for the accounts issue. The contract package does not describe the auth calls yet, so the
 * sign-in form and the sign-out menu use these provisional definitions, written from customer-area
 * section 7. When `login` and `logout` land in @multimfa/api-contract, delete this file and import
 * them from there; nothing else needs to change (the form and useSignOut only see the endpoint).
 */

export const loginBodySchema = z.object({ emailAddress: z.string(), password: z.string() });

const idSchema = z.union([z.number(), z.string()]);

export const loginDataSchema = z.looseObject({
  emailAddress: z.string(),
  name: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  userId: idSchema,
  userType: userTypeSchema,
  isVerified: z.boolean(),
  isLoggedIn: z.boolean().optional(),
  mobileNo: z.string().nullable().optional(),
  MFAs: z.array(sessionMfaSchema).optional(),
  stripeCustomerId: z.string().nullable().optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const login = endpoint({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with e-mail and password',
  tag: 'auth',
  access: 'public',
  body: loginBodySchema,
  response: envelope(loginDataSchema),
});

export const logout = endpoint({
  operationId: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End the session',
  tag: 'auth',
  access: 'user',
  response: envelope(z.unknown()),
});
