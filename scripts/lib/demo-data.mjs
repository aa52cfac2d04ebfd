// The demo data `npm start` creates (once) and prints: one administrator, one verified customer, and
// a number pool holding the provider sandbox's Twilio numbers (so a purchase gets one).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './paths.mjs';
import { identityEnv, numbersEnv } from './stack.mjs';

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

export function createDemoAccounts(config) {
  for (const account of DEMO_ACCOUNTS) {
    execFileSync(
      process.execPath,
      [
        join(root, 'services/identity/dist/cli/create-user.js'),
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
  // Numbers already in the pool are left out, so this is safe at every start.
  execFileSync(process.execPath, [join(root, 'services/numbers/dist/cli/import-twilio-numbers.js')], {
    env: { ...process.env, ...numbersEnv(config), PORT: '1', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}
