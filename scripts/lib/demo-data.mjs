// The demo data `npm start` creates (once) and prints: one administrator, one verified customer, two
// discount codes to pay with (20% off, and 100% off: no card needed), and a number pool holding the
// provider sandbox's Twilio numbers (so a purchase gets one).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './paths.mjs';
import { billingEnv, identityEnv, numbersEnv } from './stack.mjs';

export const DEMO_ACCOUNTS = [
  {
    type: 'ADMIN',
    email: 'admin@multimfa.local',
    password: 'Admin-demo-2026!',
    firstName: 'Ada',
    lastName: 'Admin',
    mobile: '+12125550100',
  },
  {
    type: 'CUSTOMER',
    email: 'customer@multimfa.local',
    password: 'Customer-demo-2026!',
    firstName: 'Casey',
    lastName: 'Customer',
    mobile: '+12125550101',
  },
];

export const DEMO_DISCOUNTS = [
  { code: 'WELCOME20', type: 'PERCENTAGE', value: '20', maxUsage: '100000', expires: '2099-12-31' },
  { code: 'FREE100', type: 'PERCENTAGE', value: '100', maxUsage: '100000', expires: '2099-12-31' },
];

export function createDemoAccounts(config) {
  for (const account of DEMO_ACCOUNTS) {
    execFileSync(
      process.execPath,
      [
        join(root, 'services/identity/dist/cli/create-user.cli.js'),
        '--type',
        account.type,
        '--email',
        account.email,
        '--first-name',
        account.firstName,
        '--last-name',
        account.lastName,
        '--mobile',
        account.mobile,
        '--verified',
        '--if-missing',
      ],
      {
        env: { ...process.env, ...identityEnv(config), PORT: '1', LOG_LEVEL: 'warn' },
        input: account.password,
        stdio: 'pipe',
      },
    );
  }
  for (const discount of DEMO_DISCOUNTS) {
    execFileSync(
      process.execPath,
      [
        join(root, 'services/billing/dist/cli/create-discount.cli.js'),
        '--code',
        discount.code,
        '--type',
        discount.type,
        '--value',
        discount.value,
        '--max-usage',
        discount.maxUsage,
        '--expires',
        discount.expires,
        '--if-missing',
      ],
      { env: { ...process.env, ...billingEnv(config), PORT: '1', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
    );
  }
  // Numbers already in the pool are left out, so this is safe at every start.
  execFileSync(process.execPath, [join(root, 'services/numbers/dist/cli/import-twilio-numbers.cli.js')], {
    env: { ...process.env, ...numbersEnv(config), PORT: '1', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}
