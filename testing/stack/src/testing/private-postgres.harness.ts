import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './service-stack.harness.js';

const run = promisify(execFile);
const stateDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '.state', 'faults');

/** Debian's PostgreSQL server programs (initdb, pg_ctl): the newest installed version's. */
function serverBinaries(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`no PostgreSQL server programs under ${base} (Debian's postgresql package)`);
  return join(base, versions[0], 'bin');
}

/**
 * A PostgreSQL cluster of the test's own (`initdb` into `.state/faults`, its own port, trust auth),
 * because a fault test stops it, kills it or cuts it off, and the machine's server is shared by every
 * other test. PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 */
export class PrivatePostgres {
  readonly port: Promise<number> = freePort();
  private readonly dataDir = join(stateDir, `postgres-${randomBytes(4).toString('hex')}`);
  private readonly bin = serverBinaries();
  private readonly asRoot = process.getuid?.() === 0;

  async url(database = 'postgres'): Promise<string> {
    return `postgres://postgres@127.0.0.1:${await this.port}/${database}`;
  }

  /** Creates the cluster, starts it and creates `databases` in it. */
  async create(databases: string[]): Promise<void> {
    mkdirSync(this.dataDir, { recursive: true });
    if (this.asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const uid = Number(stdout.trim());
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(this.dataDir, uid, Number(gid.trim()));
    }
    await this.pg('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await this.start();
    const admin = new pg.Client({ connectionString: await this.url() });
    await admin.connect();
    try {
      for (const database of databases) await admin.query(`CREATE DATABASE "${database}"`);
    } finally {
      await admin.end();
    }
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const port = await this.port;
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      join(this.dataDir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${this.dataDir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
  }

  /** `pg_ctl stop -m immediate`: every backend killed at once, no checkpoint (recovery on start), as a crash. */
  async crash(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']);
  }

  /** Stops the server if it runs and deletes the cluster. */
  async destroy(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async pg(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [command, commandArgs] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
      : [path, args];
    await run(command, commandArgs, { cwd: '/' });
  }
}
