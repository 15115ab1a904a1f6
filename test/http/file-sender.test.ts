import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { tempDir } from '../helpers/app.js';
import { fileEtag } from '../../src/http/conditional.js';
import { closeFile, openFile } from '../../src/http/file-sender.js';

/**
 * openFile (src/http/file-sender.ts): a file answer's ETag, length and range come from the stat of the descriptor
 * its bytes are read from, so a file renamed over once it is open changes nothing in the answer.
 */
describe('openFile', () => {
  it('gives the stat of the descriptor: a file renamed over after the open leaves the opened version whole', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.csv');
    const first = Buffer.from('index,value\n1,0.25\n');
    fs.writeFileSync(file, first);
    const onDisk = fs.statSync(file, { bigint: true });
    const opened = openFile(file)!;
    fs.writeFileSync(`${file}.new`, 'index,value\n1,0.75\n2,0.5\n');
    fs.renameSync(`${file}.new`, file);
    assert.deepEqual([opened.stat.ino, opened.stat.size, opened.stat.mtimeNs], [onDisk.ino, onDisk.size, onDisk.mtimeNs]);
    assert.equal(fileEtag(opened.stat), fileEtag(onDisk));
    assert.notEqual(fileEtag(opened.stat), fileEtag(fs.statSync(file, { bigint: true })), 'the path names another version now');
    const bytes = Buffer.alloc(64);
    assert.deepEqual(bytes.subarray(0, fs.readSync(opened.fd, bytes, 0, bytes.length, 0)), first);
    closeFile(opened);
    assert.throws(() => fs.fstatSync(opened.fd), { code: 'EBADF' });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is null for a missing file and for a directory', () => {
    const dir = tempDir();
    assert.equal(openFile(path.join(dir, 'missing.csv')), null);
    assert.equal(openFile(dir), null);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
