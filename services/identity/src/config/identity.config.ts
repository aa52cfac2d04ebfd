import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const identityConfigSchema = serviceEnvSchema;
export type IdentityConfig = z.output<typeof identityConfigSchema>;
