import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { serveProcess, stopProcess } from '../helpers/serve.js';

/**
 * The one-box service never loads the PostgreSQL driver (issue 37): `pg` is
 * imported only when a database URL is given. Each command runs with a probe
 * preloaded (pg-probe.mjs) that reports at exit whether `pg` is in the module
 * cache; the command given a URL shows that the probe sees it when it is.
 */
const PROBE = `--import=${path.resolve('test/store/pg-probe.mjs')}`;
/** Nothing listens on port 1: the store fails to connect, after `pg` has loaded. */
const UNREACHABLE = 'postgres://hazrisk@127.0.0.1:1/hazrisk';

function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', PROBE, 'src/cli.ts', ...args], { env: { ...process.env, HAZRISK_DATA_DIR: dataDir, HAZRISK_DATABASE_URL: '' } }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('the PostgreSQL driver is loaded only for a database URL', () => {
  it('hazrisk keys without a URL: SQLite in the data dir, and pg never loaded', async () => {
    const dir = tempDir();
    try {
      const created = await cli(['keys', 'create', '--owner', 'probe', '--json'], dir);
      assert.equal(created.code, 0, created.stderr);
      assert.equal(JSON.parse(created.stdout).owner, 'probe');
      assert.match(created.stderr, /^pg-loaded:false$/m);
      assert.ok(fs.statSync(path.join(dir, 'hazrisk.db')).size > 0);
      const listed = await cli(['keys', 'list', '--json'], dir);
      assert.equal(JSON.parse(listed.stdout).length, 1);
      assert.match(listed.stderr, /^pg-loaded:false$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hazrisk keys --database-url: pg is loaded (the probe sees it), and an unreachable database fails the command without touching the data dir', async () => {
    const dir = path.join(tempDir(), 'data');
    const listed = await cli(['keys', 'list', '--database-url', UNREACHABLE], dir);
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, /ECONNREFUSED/);
    assert.match(listed.stderr, /^pg-loaded:true$/m);
    assert.equal(fs.existsSync(dir), false, 'no SQLite data dir was made');
  });

  it('hazrisk serve without a URL serves on SQLite and never loads pg', async () => {
    const dir = tempDir();
    try {
      const served = await serveProcess(dir, { NODE_OPTIONS: PROBE, HAZRISK_DATABASE_URL: '' });
      const ready = await fetch(`${served.url}/health`);
      assert.equal(ready.status, 200);
      assert.equal(await stopProcess(served), 0);
      assert.match(served.stderr(), /^pg-loaded:false$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
