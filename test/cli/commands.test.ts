import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { upload } from '../helpers/batch.js';
import { serveProcess, stopProcess } from '../helpers/serve.js';
import { SERVE_USAGE } from '../../src/cli/serve.js';
import { KEYS_USAGE } from '../../src/cli/keys.js';
import { TABLES_USAGE } from '../../src/cli/tables.js';
import { EVENTS_USAGE } from '../../src/cli/events.js';
import { WORKER_USAGE } from '../../src/cli/worker.js';

/** Issue 20: `--help` on every command without side effects, `--version`, an exclusive port, a private data dir. */

interface Run {
  code: number | string;
  stdout: string;
  stderr: string;
}

function hazrisk(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => resolve({ code: code ?? signal ?? -1, stdout, stderr }));
  });
}

describe('hazrisk --help and --version', () => {
  const cases: [string[], string][] = [
    [['serve', '--help'], SERVE_USAGE],
    [['start', '-h'], SERVE_USAGE],
    [['keys', 'create', '--owner', 'x', '--help'], KEYS_USAGE],
    [['tables', 'build', '--help'], TABLES_USAGE],
    [['events', 'build', '--help'], EVENTS_USAGE],
    [['worker', '--help'], WORKER_USAGE],
  ];
  for (const [args, usage] of cases) {
    it(`hazrisk ${args.join(' ')} prints the usage, exits 0 and touches nothing`, async () => {
      const parent = tempDir();
      const dataDir = path.join(parent, 'never-created');
      const run = await hazrisk(args, { HAZRISK_DATA_DIR: dataDir, HAZRISK_TABLES_DIR: path.join(parent, 'tables'), HAZRISK_PORT: '0' });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, `Usage: ${usage.split('\n').join('\n       ')}\n`);
      assert.match(run.stdout, /^Usage: hazrisk /, 'a conventional usage line');
      assert.equal(run.stderr, '');
      assert.deepEqual(fs.readdirSync(parent), [], 'no data dir, no tables');
      fs.rmSync(parent, { recursive: true, force: true });
    });
  }

  it('hazrisk --version prints the package version', async () => {
    const run = await hazrisk(['--version'], {});
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    assert.equal(run.code, 0);
    assert.equal(run.stdout, `hazrisk ${pkg.version}\n`);
  });

  it('an unknown command exits 2 with the overall usage, also one named like an object member', async () => {
    for (const name of ['frobnicate', 'constructor']) {
      const run = await hazrisk([name], {});
      assert.equal(run.code, 2, name);
      assert.match(run.stderr, new RegExp(`^hazrisk: unknown command "${name}"\\n\\nhazrisk — Hazard Risk Probability Service`));
    }
  });
});

describe('hazrisk serve', () => {
  it('exits 1 with a clear message when its port is already taken, instead of sharing it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = tempDir();
    try {
      const run = await hazrisk(['serve'], { HAZRISK_DATA_DIR: dataDir, HAZRISK_PORT: String(port), HAZRISK_HOST: '127.0.0.1', HAZRISK_POOL_SIZE: '0', HAZRISK_LOG_LEVEL: 'silent' });
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use by another process or not permitted`));
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the data dir private: directories 0700, database, keys and uploads 0600, even in a dir an older build made 0755', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    const server = await serveProcess(dataDir);
    const key = fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim();
    const res = await upload(server.url, key, 'latitude,longitude\r\n10,20\r\n');
    assert.equal(res.status, 200);
    const mode = (p: string) => (fs.statSync(path.join(dataDir, p)).mode & 0o777).toString(8);
    assert.equal(mode('.'), '700');
    for (const dir of ['uploads', 'jobs']) assert.equal(mode(dir), '700', dir);
    for (const file of ['hazrisk.db', 'hazrisk.db-wal', 'signing.key', 'demo-key.txt']) assert.equal(mode(file), '600', file);
    const uploads = fs.readdirSync(path.join(dataDir, 'uploads'));
    assert.ok(uploads.length > 0);
    for (const file of uploads) assert.equal(mode(path.join('uploads', file)), '600', file);
    assert.equal(await stopProcess(server), 0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
