import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/** A service whose codes a removed member received, and the last time they did. */
export const offboardingServiceSchema = z
  .object({ service: z.string(), lastReceivedAt: z.iso.datetime() })
  .meta({ id: 'OffboardingService' });

/**
 * What a MultiMFA's owner is told when a member is removed: the services whose codes that member
 * received in the 90 days before, with the last date each (the accounts whose passwords to rotate).
 */
export const offboardingReportSchema = z
  .object({
    reportId: z.uuid(),
    memberId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    removedAt: z.iso.datetime(),
    services: z.array(offboardingServiceSchema),
  })
  .meta({ id: 'OffboardingReport' });
export type OffboardingReport = z.output<typeof offboardingReportSchema>;

export const offboardingReportsParams = z.object({ multiMFAId: z.uuid({ error: 'MultiMFA not found' }) });

export const listOffboardingReports = endpoint({
  operationId: 'listOffboardingReports',
  method: 'GET',
  path: '/api/plan/offboarding-reports/:multiMFAId',
  summary:
    'The recent offboarding reports of one of the caller’s MultiMFAs, newest first: per removed member, the services whose codes they received in their last 90 days (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  params: offboardingReportsParams,
  response: envelope(z.object({ reports: z.array(offboardingReportSchema) })),
});

export const offboardingEndpoints = [listOffboardingReports] as const;
