import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const messagingConfigSchema = serviceEnvSchema;
export type MessagingConfig = z.output<typeof messagingConfigSchema>;
