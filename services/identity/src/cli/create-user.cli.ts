import 'reflect-metadata';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { registerRequest } from '@multimfa/service-contracts/identity';
import { createLogger, DomainError, loadConfig } from '@multimfa/service-runtime';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { identityService } from '../service.definition.js';
import { UsersService } from '../users/users.service.js';

/**
 * Creates an account from the command line: the first administrator, or demo users. The only way to
 * create an ADMIN (sign-up creates customers). The password comes on standard input, never on the
 * command line (where `ps` and shell history would show it):
 *   printf '%s' "$PASSWORD" | npm run create-user -- --type ADMIN --email admin@example.com \
 *     --first-name Ada --last-name Admin --mobile +12125550100 [--verified] [--if-missing]
 * Reads the identity service's settings (DATABASE_URL, KAFKA_BROKERS, …) from the environment.
 */
const { values } = parseArgs({
  options: {
    type: { type: 'string', default: 'CUSTOMER' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    mobile: { type: 'string' },
    verified: { type: 'boolean', default: false },
    'if-missing': { type: 'boolean', default: false },
  },
});

const userType = z.enum(['ADMIN', 'CUSTOMER']).parse(values.type);
const password = (await text(process.stdin)).replace(/\r?\n$/, '');
const request = registerRequest.omit({ userType: true }).parse({
  emailAddress: values.email,
  password,
  firstName: values['first-name'],
  lastName: values['last-name'],
  mobileNo: values.mobile,
  serviceAgreementAgreed: true,
  receiveMarketingEmails: false,
});

const config = loadConfig(identityService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('identity-cli', 'warn');
const app = await NestFactory.createApplicationContext(identityService.appModule(config, logger), {
  logger: false,
});
try {
  const users = app.get(UsersService);
  try {
    const user = await users.register(request, {
      userType,
      verified: values.verified || userType === 'ADMIN',
    });
    process.stdout.write(`created ${userType} ${request.emailAddress} (${user.userId})\n`);
  } catch (error) {
    if (!(values['if-missing'] && error instanceof DomainError && error.code === 'EMAIL_TAKEN')) throw error;
    process.stdout.write(`${request.emailAddress} already exists\n`);
  }
} finally {
  await app.close();
}
