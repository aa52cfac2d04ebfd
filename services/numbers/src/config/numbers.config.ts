import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const numbersConfigSchema = serviceEnvSchema;
export type NumbersConfig = z.output<typeof numbersConfigSchema>;
