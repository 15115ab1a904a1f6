import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './ports.js';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for the store's contract tests: initdb into a
 * temporary dir, a server on a free port of 127.0.0.1 (trust authentication,
 * no fsync), a fresh database per caller, and everything stopped and removed
 * by stop(). The binaries are looked for in HAZRISK_PG_BIN, then beside
 * `initdb` on PATH, /usr/local/bin, and Debian's /usr/lib/postgresql/<v>/bin
 * (`apt-get install postgresql`, which .ci/run does). initdb refuses to run
 * as root, so as root the cluster is made and run as `nobody`.
 *
 * Without the binaries the PostgreSQL tests skip with the reason, and the
 * summary counts them. With HAZRISK_STRICT_SKIPS=1 (CI) they do not skip: they
 * run and fail at once, naming what is missing.
 */
const run = promisify(execFile);
const TOOLS = ['initdb', 'pg_ctl', 'postgres'];

function hasTools(dir: string): boolean {
  return TOOLS.every((tool) => {
    try {
      fs.accessSync(path.join(dir, tool), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The directory holding initdb, pg_ctl and postgres, or null. */
export function postgresBinDir(): string | null {
  const configured = process.env.HAZRISK_PG_BIN;
  if (configured) return hasTools(configured) ? configured : null;
  const debian = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
    : [];
  const onPath = (process.env.PATH ?? '').split(':').filter(Boolean);
  return [...onPath, '/usr/local/bin', ...debian].find(hasTools) ?? null;
}

const found = postgresBinDir();
const strict = process.env.HAZRISK_STRICT_SKIPS === '1';
const missing = `no PostgreSQL binaries found (${TOOLS.join(', ')} in HAZRISK_PG_BIN, on PATH, in /usr/local/bin or /usr/lib/postgresql/<version>/bin; apt-get install postgresql)`;

/** `skip` option for a test that needs PostgreSQL: false when it can run (or must, with HAZRISK_STRICT_SKIPS=1), else the reason it did not. */
export function postgresSkip(what: string): string | false {
  if (found || strict) return false;
  return `${missing}: ${what} was NOT tested against PostgreSQL`;
}

export interface TestCluster {
  /** A new, empty database on the cluster; resolves with its URL (on 127.0.0.1). */
  createDatabase(): Promise<string>;
  /** Stop the server (fast shutdown: every connection is cut) and start it again on the same port and data. */
  restart(): Promise<void>;
  /** Stop the server (fast shutdown) and keep it stopped, its data kept, until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** Where the server listens besides 127.0.0.1 (another interface, e.g. a test bridge) and the network it trusts there. */
export interface ListenOn {
  address: string;
  network: string;
}

export async function startPostgres(also?: ListenOn): Promise<TestCluster> {
  if (!found) throw new Error(`${missing}${strict ? ', and HAZRISK_STRICT_SKIPS=1 allows no skip' : ''}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses root: the cluster belongs to `nobody`, which must own the dir it writes.
  const user = asRoot ? { uid: Number((await run('id', ['-u', 'nobody'])).stdout), gid: Number((await run('id', ['-g', 'nobody'])).stdout) } : {};
  if (asRoot) fs.chownSync(dir, user.uid!, user.gid!);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const tool = (name: string, args: string[]) => run(path.join(found, name), args, { ...user, cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
  const listen = ['127.0.0.1', ...(also ? [also.address] : [])].join(',');
  // -F: no fsync (a throwaway cluster); the socket goes in the temporary dir, not /var/run/postgresql.
  const start = () => tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -h ${listen} -k ${dir} -F`, 'start']);
  try {
    await tool('initdb', ['-D', data, '-U', 'hazrisk', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    // initdb trusts only local connections; hosts on the other network connect over TCP.
    if (also) fs.appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${also.network} trust\n`);
    await start();
  } catch (err) {
    const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`the test PostgreSQL cluster did not start: ${(err as Error).message}\n${log}`);
  }
  const url = (database: string) => `postgres://hazrisk@127.0.0.1:${port}/${database}`;
  let databases = 0;
  return {
    async createDatabase() {
      const name = `hazrisk_test_${++databases}`;
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async restart() {
      await tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-m', 'fast', '-w', 'restart']);
    },
    async down() {
      await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async up() {
      await start();
    },
    async stop() {
      try {
        await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
