import { serviceEnvSchema } from '@multimfa/service-runtime';

export const numbersConfigSchema = serviceEnvSchema;
export type NumbersConfig = ReturnType<typeof numbersConfigSchema.parse>;
