import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { deferred } from '../helpers/deferred.js';
import { temporaryName, temporaryTarget, writeFileWhole } from '../../src/store/paths.js';

/**
 * Files written whole (src/store/paths.ts): every writer of a file has a temporary name of its own, so two
 * writers of one file at once — an artefact stage retaken from a worker whose lease lapsed, and that worker —
 * each rename a whole file into place, never a mix of both.
 */
describe('temporary names', () => {
  it('are unique to each write, and name the file they were made for', () => {
    const file = path.join('/srv/jobs/job_1', 'results.csv');
    const names = new Set(Array.from({ length: 100 }, () => temporaryName(file)));
    assert.equal(names.size, 100);
    for (const name of names) {
      assert.match(path.basename(name), new RegExp(`^results\\.csv\\.${process.pid}\\.[0-9a-f]{12}\\.tmp$`));
      assert.equal(temporaryTarget(path.basename(name)), 'results.csv');
    }
    for (const other of ['results.csv', 'results.csv.tmp', '.upload-0123456789abcdef.tmp', 'results.csv.12.0123456789ab.gz']) assert.equal(temporaryTarget(other), null, other);
  });
});

describe('writeFileWhole', () => {
  it('two writers of one file at once: both succeed, the file is the one renamed last, whole, and no temporary file stays', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.csv');
    const a = [Buffer.alloc(1000, 'a'), Buffer.alloc(1000, 'A')];
    const b = [Buffer.alloc(600, 'b'), Buffer.alloc(600, 'B')];
    // A writes its first part; B starts and writes its first part; A finishes (renames); then B finishes.
    const aStarted = deferred();
    const bStarted = deferred();
    const first = writeFileWhole(file, async (write) => {
      await write(a[0]!);
      aStarted.resolve();
      await bStarted.promise;
      await write(a[1]!);
    });
    await aStarted.promise;
    const second = writeFileWhole(file, async (write) => {
      await write(b[0]!);
      bStarted.resolve();
      await first.catch(() => undefined);
      await write(b[1]!);
    });
    assert.deepEqual(await Promise.all([first, second]), [2000, 1200]);
    assert.deepEqual(fs.readFileSync(file), Buffer.concat(b));
    assert.deepEqual(fs.readdirSync(dir), ['results.csv']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
