import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const adminReportingConfigSchema = serviceEnvSchema;
export type AdminReportingConfig = z.output<typeof adminReportingConfigSchema>;
