#!/usr/bin/env node
// The package's `bin`: `npx @multimfa/bot-client wait --sender Google --timeout 60`.
import { runCli } from './cli.command.js';

process.exitCode = await runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
