// `npm start`: builds, starts PostgreSQL/Redis if stopped, runs Kafka, the five services, the
// gateway and the web app, prints the address to open, and on Ctrl-C stops all it started.
import { buildAll } from './lib/build.mjs';
import { createDemoAccounts, DEMO_ACCOUNTS, DEMO_DISCOUNTS } from './lib/demo-data.mjs';
import { createDemoMfas } from './lib/demo-mfas.mjs';
import { stopProcess } from './lib/processes.mjs';
import { stackConfig, startApplication, startInfrastructure, stopApplication } from './lib/stack.mjs';

const began = Date.now();
const config = stackConfig({ profile: 'dev' });
let kafka;
let handles = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n[stack] stopping…');
  await stopApplication(handles);
  if (kafka) await stopProcess(kafka, 20_000);
  console.log('[stack] stopped; no process left running');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  console.log('[stack] building');
  buildAll();
  console.log('[stack] starting PostgreSQL, Redis and Kafka');
  kafka = await startInfrastructure(config);
  console.log('[stack] starting the services, the gateway and the web app');
  handles = await startApplication(config);
  createDemoAccounts(config);
} catch (error) {
  console.error(`[stack] failed to start: ${error.message}`);
  await stop(1);
}

// The demo customer's numbers are a convenience: the stack is usable without them.
const demo = await createDemoMfas(config).catch((error) => {
  console.error(
    `[stack] the demo MultiMFA and RoboMFA could not be made: ${error.message}${error.cause ? ` (${error.cause.message})` : ''}`,
  );
  return undefined;
});

const seconds = ((Date.now() - began) / 1000).toFixed(1);
console.log(`
MultiMFA is running (ready in ${seconds} s).

  Open          ${config.webUrl}
  Demo inbox    ${config.sandboxUrl}   (e-mails and SMS the product sends; text a number from here)
  API reference ${config.webUrl}/api/docs
  Logs          ${config.logDir}

  Sign in as
${DEMO_ACCOUNTS.map((a) => `    ${a.type.padEnd(9)} ${a.email.padEnd(26)} ${a.password}`).join('\n')}

  Discount codes  ${DEMO_DISCOUNTS.map((d) => `${d.code} (${d.value}% off)`).join('   ')}
${
  demo
    ? `
  Demo MultiMFA   ${demo.multiMfaNumber || '(waiting for a number)'}   text it from the demo inbox: the customer gets the code by e-mail and SMS
  Demo RoboMFA    ${demo.roboMfaNumber || '(waiting for a number)'}   its bot's API key: ${demo.botKey}
`
    : ''
}
Press Ctrl-C to stop everything.`);

for (const handle of [...handles, kafka].filter(Boolean)) {
  handle.child.on('exit', (code) => {
    if (!stopping) console.error(`[stack] ${handle.name} exited (${code}); see ${handle.logFile}`);
  });
}
