import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createLogger, DomainError, loadConfig } from '@multimfa/service-runtime';
import { NestFactory } from '@nestjs/core';
import { identityService } from '../service.js';
import { registerRequest } from '../users/dto/user-requests.js';
import { UsersService } from '../users/users.service.js';

/**
 * Creates an account from the command line: the first administrator, or demo users.
 *   npm run create-user -- --type ADMIN --email admin@example.com --password '…' \
 *     --first-name Ada --last-name Admin --mobile +12125550100 [--verified] [--if-missing]
 * Reads the identity service's settings (DATABASE_URL, KAFKA_BROKERS, …) from the environment.
 */
const { values } = parseArgs({
  options: {
    type: { type: 'string', default: 'CUSTOMER' },
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    mobile: { type: 'string' },
    verified: { type: 'boolean', default: false },
    'if-missing': { type: 'boolean', default: false },
  },
});

const config = loadConfig(identityService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('identity-cli', 'warn');
const app = await NestFactory.createApplicationContext(identityService.appModule(config, logger), {
  logger: false,
});
try {
  const request = registerRequest.parse({
    emailAddress: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    mobileNo: values.mobile,
    userType: values.type,
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
  });
  const users = app.get(UsersService);
  try {
    const user = await users.register(request, { verified: values.verified || request.userType === 'ADMIN' });
    process.stdout.write(`created ${request.userType} ${request.emailAddress} (${user.userId})\n`);
  } catch (error) {
    if (!(values['if-missing'] && error instanceof DomainError && error.code === 'EMAIL_TAKEN')) throw error;
    process.stdout.write(`${request.emailAddress} already exists\n`);
  }
} finally {
  await app.close();
}
