/**
 * A relay or a consumer of a fault scenario in a process of its own, for fault tests that kill it
 * with SIGKILL: `node fault-process.cli.js relay|consumer <databaseUrl> <topicPrefix>`. It joins the
 * scenario the test set up (`EventBusHarness`), says `ready` over IPC once running, and runs until
 * killed.
 */
import { EventBusHarness } from './event-bus.harness.js';

const [role, databaseUrl, prefix] = process.argv.slice(2);
if ((role !== 'relay' && role !== 'consumer') || !databaseUrl || !prefix) {
  console.error('usage: fault-process.cli.js relay|consumer <databaseUrl> <topicPrefix>');
  process.exit(2);
}

const bus = new EventBusHarness(databaseUrl, prefix);
await bus.attach();
if (role === 'relay') bus.relay();
else await bus.consumer().start();
process.send?.('ready');
