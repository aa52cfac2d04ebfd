import 'reflect-metadata';
import { poolNumberRequest } from '@multimfa/service-contracts/numbers';
import { createLogger, DomainError, loadConfig } from '@multimfa/service-runtime';
import { NestFactory } from '@nestjs/core';
import { PoolService } from '../pool/pool.service.js';
import { numbersService } from '../service.definition.js';
import { PhoneNumberProvider } from '../twilio/phone-number-provider.port.js';

/**
 * Adds every number of the Twilio account to the pool, as an administrator adding them one by one
 * would (an MFA waiting for a number of that country gets it). Numbers already in the pool, and
 * numbers that are no valid number of a country, are left out and named. For the demo data (the
 * provider sandbox's numbers) and for an operator filling a new pool:
 *   npm run import-twilio-numbers
 * Reads the numbers service's settings (DATABASE_URL, TWILIO_*, …) from the environment.
 */
const config = loadConfig(numbersService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('numbers-cli', 'warn');
const app = await NestFactory.createApplicationContext(numbersService.appModule(config, logger), {
  logger: false,
});
try {
  const pool = app.get(PoolService);
  for (const owned of await app.get(PhoneNumberProvider).ownedNumbers()) {
    try {
      await pool.add(
        poolNumberRequest.parse({
          mobileNo: owned.e164,
          sid: owned.sid,
          referenceName: owned.friendlyName.slice(0, 100) || owned.e164,
        }),
      );
      process.stdout.write(`added ${owned.e164} (${owned.sid})\n`);
    } catch (error) {
      if (!(error instanceof DomainError && error.status < 500)) throw error;
      process.stdout.write(`left out ${owned.e164}: ${error.message}\n`);
    }
  }
} finally {
  await app.close();
}
