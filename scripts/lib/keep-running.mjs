// `node keep-running.mjs <script> [args…]`: runs the Node script as a child (same Node flags, same
// stdout and stderr) and starts it again each time it stops cleanly on its own, exit code 0 after a
// signal sent to it alone. The stack runs the provider sandbox this way, so `kill <its pid>` restarts
// it on its state file: after a rebuild, and in the restart end-to-end test.
// The stack stops this process as every other, by signalling its process group: the child, in the
// same group, gets that signal itself (it is not passed on, which the sandbox would take as a second
// signal) and this process ends with the child's exit code. A child that fails (any other exit)
// ends this process with its code too, so the stack sees the failure.
import { spawn } from 'node:child_process';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node keep-running.mjs <script> [args…]');
  process.exit(2);
}

let stopping = false;

function start() {
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: 'inherit' });
  child.on('exit', (code) => {
    if (!stopping && code === 0) {
      console.log(
        JSON.stringify({
          level: 'info',
          time: new Date().toISOString(),
          service: 'keep-running',
          script,
          msg: 'stopped on its own: starting it again',
        }),
      );
      start();
      return;
    }
    process.exit(code ?? 1);
  });
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
  });
}
start();
