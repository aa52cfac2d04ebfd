import { z } from 'zod';
import {
  emailAddressField,
  firstNameField,
  lastNameField,
  mobileNoField,
  userTypeSchema,
} from './auth.contract.js';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/** A row of the User Report (admin-area section 2). */
export const reportUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    mobileNo: z.string(),
    emailAddress: z.string(),
    userType: userTypeSchema,
    isActive: z.boolean(),
    isVerified: z.boolean(),
    receiveMarketingEmails: z.boolean(),
    serviceAgreementAgreed: z.boolean(),
    multiMFAs: z.number().int().nonnegative().describe('MultiMFAs the user holds'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ReportUser' });
export type ReportUser = z.infer<typeof reportUserSchema>;

/** From and To: days (UTC), both optional; accounts created on those days are included. */
export const reportUsersQuery = z.object({
  from: z.iso.date('From must be a date').optional(),
  to: z.iso.date('To must be a date').optional(),
});

export const adminUserParams = z.object({ id: z.uuid({ error: 'User not found' }) });

export const userStatusBody = z
  .object({ isActive: z.boolean({ error: 'Please say whether the user is active' }) })
  .meta({ id: 'UserStatusRequest' });

/** Create Admin User: the four fields, all required (admin-area section 5). */
export const createAdminBody = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    mobileNo: mobileNoField,
    email: emailAddressField,
  })
  .meta({ id: 'CreateAdminRequest' });
export type CreateAdminBody = z.output<typeof createAdminBody>;

export const listReportUsers = endpoint({
  operationId: 'listReportUsers',
  method: 'GET',
  path: '/api/admin/users',
  summary: 'The User Report: every account not deleted, newest first, optionally by creation day',
  tag: 'admin',
  access: 'admin',
  query: reportUsersQuery,
  response: envelope(z.array(reportUserSchema)),
});

export const deleteReportUser = endpoint({
  operationId: 'deleteUser',
  method: 'DELETE',
  path: '/api/admin/user/:id',
  summary:
    'Delete an account (kept for the record): its sessions end, its forwarding stops. Not oneself, not the last active admin (409)',
  tag: 'admin',
  access: 'admin',
  params: adminUserParams,
  response: envelope(z.null()),
});

export const updateReportUserStatus = endpoint({
  operationId: 'updateUserStatus',
  method: 'PATCH',
  path: '/api/admin/user/:id',
  summary:
    'Activate or deactivate an account; a deactivated one cannot sign in and its sessions end. Not oneself, not the last active admin (409)',
  tag: 'admin',
  access: 'admin',
  params: adminUserParams,
  body: userStatusBody,
  response: envelope(reportUserSchema.pick({ id: true, isActive: true })),
});

export const sendResetPasswordLink = endpoint({
  operationId: 'adminResetPassword',
  method: 'POST',
  path: '/api/admin/reset-password/:id',
  summary: 'E-mail the user a link to set a new password',
  tag: 'admin',
  access: 'admin',
  params: adminUserParams,
  response: envelope(z.null()),
});

export const createAdmin = endpoint({
  operationId: 'createAdmin',
  method: 'POST',
  path: '/api/admin',
  summary: 'Create an administrator, who is e-mailed a link to set a password (a taken address: 400)',
  tag: 'admin',
  access: 'admin',
  body: createAdminBody,
  response: envelope(z.object({ id: z.uuid() })),
});

export const adminUsersEndpoints = [
  listReportUsers,
  deleteReportUser,
  updateReportUserStatus,
  sendResetPasswordLink,
  createAdmin,
] as const;
