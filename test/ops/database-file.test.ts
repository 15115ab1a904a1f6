import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { startTestApp, tempDir } from '../helpers/app.js';
import { serveProcess } from '../helpers/serve.js';
import { App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/**
 * A zero-length hazrisk.db (issue 30, item 3) was silently given a fresh
 * schema and a new demo key: every existing key answered 401 and the jobs and
 * uploads on disk were orphaned, with nothing logged. Now an empty database
 * beside the service's state stops start-up, naming the file and what is at
 * stake; only a data dir with nothing else in it (a first start cut short)
 * gets a new database, and that is logged.
 */
async function dataDirWithState(): Promise<string> {
  const t = await startTestApp();
  await t.key();
  const dir = t.dataDir;
  await t.app.close();
  return dir;
}

describe('an empty database file', () => {
  it('stops start-up naming the file and the state beside it, and changes nothing', async () => {
    const dir = await dataDirWithState();
    const db = path.join(dir, 'hazrisk.db');
    fs.truncateSync(db, 0);
    for (const side of ['-wal', '-shm']) fs.rmSync(`${db}${side}`, { force: true });
    await assert.rejects(App.create(loadConfig({ dataDir: dir, port: 0, logLevel: 'silent' })), (err: Error) => {
      assert.ok(err.message.startsWith(`${db} is empty`), err.message);
      assert.match(err.message, /is empty \(0 bytes\), but its data dir holds the service's state \(signing\.key/);
      assert.match(err.message, /restore the database from a backup/);
      return true;
    });
    assert.equal(fs.statSync(db).size, 0, 'no schema was written over it');

    const served = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      env: { ...process.env, HAZRISK_DATA_DIR: dir, HAZRISK_PORT: '0', HAZRISK_HOST: '127.0.0.1', HAZRISK_POOL_SIZE: '1' },
      encoding: 'utf8',
    });
    assert.equal(served.status, 1);
    assert.match(served.stderr, /^hazrisk: Error: .*hazrisk\.db is empty \(0 bytes\)/);
    assert.equal(fs.statSync(db).size, 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('in a data dir holding nothing else is a first start cut short: a new database, logged', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'hazrisk.db'), '');
    const served = await serveProcess(dir);
    const line = JSON.parse(await served.waitForLine(/created a new, empty database/));
    assert.equal(line.file, path.join(dir, 'hazrisk.db'));
    await served.waitForLine(/hazrisk listening/);
    served.child.kill('SIGTERM');
    assert.equal(await served.exited, 0);
    assert.ok(fs.statSync(path.join(dir, 'hazrisk.db')).size > 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
