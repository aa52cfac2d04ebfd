import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createLogger, loadConfig } from '@multimfa/service-runtime';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { DiscountsService } from '../discounts/discounts.service.js';
import { billingService } from '../service.definition.js';

/**
 * Creates a discount code from the command line (demo data; the admin area creates them later):
 *   npm run create-discount -- --code WELCOME20 --type PERCENTAGE --value 20 --max-usage 1000 \
 *     --expires 2030-12-31 [--if-missing]
 * Reads the billing service's settings (DATABASE_URL, …) from the environment.
 */
const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    type: { type: 'string' },
    value: { type: 'string' },
    'max-usage': { type: 'string' },
    expires: { type: 'string' },
    'if-missing': { type: 'boolean', default: false },
  },
});

const fields = z
  .object({
    code: z.string().trim().min(1).max(30),
    discountType: z.enum(['FLAT', 'PERCENTAGE']),
    value: z.coerce.number().positive(),
    maxNoUsage: z.coerce.number().int().positive(),
    expiryDate: z.coerce.date(),
  })
  .refine((discount) => discount.discountType === 'FLAT' || discount.value <= 100, {
    message: 'a percentage is at most 100',
  })
  .parse({
    code: values.code,
    discountType: values.type,
    value: values.value,
    maxNoUsage: values['max-usage'],
    expiryDate: values.expires,
  });

const config = loadConfig(billingService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('billing-cli', 'warn');
const app = await NestFactory.createApplicationContext(billingService.appModule(config, logger), {
  logger: false,
});
try {
  const { discount, created } = await app.get(DiscountsService).create(fields);
  if (!created && !values['if-missing']) throw new Error(`the discount code ${discount.code} exists already`);
  process.stdout.write(
    created ? `created discount ${discount.code} (${discount.id})\n` : `${discount.code} already exists\n`,
  );
} finally {
  await app.close();
}
