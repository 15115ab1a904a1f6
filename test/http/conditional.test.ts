import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { fileEtag } from '../../src/http/conditional.js';

/**
 * File validators (src/http/conditional.ts): an ETag names one version of a file, so a client holding an older
 * version's never gets a 304 for a newer one — even one of the same size written within the same millisecond.
 */
const etagOf = (file: string): string => fileEtag(fs.statSync(file, { bigint: true }));
/** A whole second, then 0.1 ms and 0.5 ms past it: two times within one millisecond. */
const SECOND = 1_800_000_000;
const EARLY = SECOND + 0.0001;
const LATE = SECOND + 0.0005;

describe('fileEtag', () => {
  it('two files of the same size, modified within the same millisecond, get different ETags; a file the same one twice', () => {
    const dir = tempDir();
    const [a, b] = [path.join(dir, 'a.csv'), path.join(dir, 'b.csv')];
    fs.writeFileSync(a, 'index,value\n1,0.25\n');
    fs.writeFileSync(b, 'index,value\n1,0.75\n');
    fs.utimesSync(a, EARLY, EARLY);
    fs.utimesSync(b, LATE, LATE);
    const [statA, statB] = [fs.statSync(a), fs.statSync(b)];
    assert.deepEqual([statA.size, Math.floor(statA.mtimeMs)], [statB.size, Math.floor(statB.mtimeMs)], 'same size and whole milliseconds');
    assert.notEqual(etagOf(a), etagOf(b));
    assert.equal(etagOf(a), etagOf(a));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file rewritten in place with the same size, less than a millisecond later, gets a new ETag (the mtime in ns)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.csv');
    fs.writeFileSync(file, 'index,value\n1,0.25\n');
    fs.utimesSync(file, EARLY, EARLY);
    const before = etagOf(file);
    const inode = fs.statSync(file).ino;
    fs.writeFileSync(file, 'index,value\n1,0.75\n');
    fs.utimesSync(file, LATE, LATE);
    assert.equal(fs.statSync(file).ino, inode, 'the same inode');
    assert.notEqual(etagOf(file), before);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file renamed over by one of the same size and the very same mtime gets a new ETag (the inode)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.csv');
    fs.writeFileSync(file, 'index,value\n1,0.25\n');
    fs.writeFileSync(`${file}.new`, 'index,value\n1,0.75\n');
    for (const f of [file, `${file}.new`]) fs.utimesSync(f, EARLY, EARLY);
    const before = etagOf(file);
    const { mtimeNs } = fs.statSync(file, { bigint: true });
    fs.renameSync(`${file}.new`, file);
    assert.equal(fs.statSync(file, { bigint: true }).mtimeNs, mtimeNs, 'the same mtime, to the nanosecond');
    assert.notEqual(etagOf(file), before);
    assert.equal(fs.readFileSync(file, 'utf8'), 'index,value\n1,0.75\n');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
