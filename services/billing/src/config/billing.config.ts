import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const billingConfigSchema = serviceEnvSchema;
export type BillingConfig = z.output<typeof billingConfigSchema>;
