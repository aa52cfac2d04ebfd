// The demo accounts `npm start` creates (once) and prints: one administrator, one verified customer.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './paths.mjs';
import { identityEnv } from './stack.mjs';

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
}
