// Builds what the stack runs: the TypeScript projects (incremental) and the web app (only when
// its sources changed since the last build).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

function hashTree(hash, path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) hashTree(hash, join(path, name));
  } else {
    hash.update(path).update(readFileSync(path));
  }
}

export function buildTypeScript() {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b'], {
    cwd: root,
    stdio: 'inherit',
  });
  // @multimfa/bot-client's CommonJS build needs its folder marked as CommonJS (tsc writes no package.json).
  execFileSync(process.execPath, [join(root, 'packages/bot-client/scripts/mark-cjs.mjs')], {
    stdio: 'inherit',
  });
}

/**
 * The payment form of the app `npm start` and the tests serve: the provider sandbox's card form, through
 * the `/provider-sandbox` path `vite preview` proxies to the sandbox. A VITE_PAYMENT_* setting in the
 * environment wins (VITE_PAYMENT_PROVIDER=stripe with a pk_test_ key for Stripe's test mode).
 */
const WEB_BUILD_SETTINGS = {
  VITE_PAYMENT_PROVIDER: process.env.VITE_PAYMENT_PROVIDER ?? 'sandbox',
  VITE_STRIPE_PUBLISHABLE_KEY: process.env.VITE_STRIPE_PUBLISHABLE_KEY ?? 'pk_test_multimfa_sandbox',
  VITE_PAYMENT_SANDBOX_URL: process.env.VITE_PAYMENT_SANDBOX_URL ?? '/provider-sandbox',
};

export function buildWeb() {
  const web = join(root, 'web');
  const hash = createHash('sha256');
  hash.update(JSON.stringify(WEB_BUILD_SETTINGS));
  for (const part of ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json']) {
    hashTree(hash, join(web, part));
  }
  hashTree(hash, join(root, 'packages/api-contract/dist'));
  const digest = hash.digest('hex');
  const stamp = join(web, 'dist', '.source-hash');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return false;
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      env: { ...process.env, ...WEB_BUILD_SETTINGS },
      stdio: 'inherit',
    },
  );
  writeFileSync(stamp, digest);
  return true;
}

export function buildAll() {
  buildTypeScript();
  buildWeb();
}
