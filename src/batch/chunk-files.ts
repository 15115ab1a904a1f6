import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { temporaryTarget, writeFileWhole } from '../store/paths.js';
import type { ChunkLease } from '../store/records.js';

/**
 * A job's files on disk (`<jobs dir>/<id>/`): one CSV and one failures file
 * per chunk, named after the chunk's lease (`chunk-00003-a2.csv`: chunk 3,
 * its second lease) so that two workers that both believe they hold a chunk
 * never write the same name, each written whole (temporary name, fsync,
 * rename) before the chunk is checkpointed; then `results.csv` and `failures.jsonl` joined from
 * them in order, after which the chunk files are removed (docs/batch.md
 * "Processing", "Retention"). All I/O is asynchronous: the main thread also
 * serves HTTP.
 */
/**
 * Block size for copying and hashing job files. Large, and each block written with one write call: every
 * await costs a turn of the event loop, which the main thread shares with chunk computing (a slice of rows
 * per turn), so joining 360 MB in 1 MiB blocks written 512 KiB at a time (FileHandle.writeFile) took ~2 s
 * while another job computed, against 0.4 s alone.
 */
const COPY_BYTES = 8 << 20;
/**
 * Chunk files, with the lease-less names and `.tmp` temporary names of older builds. A temporary file of today's
 * (temporaryName: a worker killed while writing) is matched by the name it was made for.
 */
const CHUNK_FILE = /^chunk-\d{5}(-a\d+)?\.csv(\.failures\.jsonl)?(\.tmp)?$/;

export interface WrittenChunk {
  file: string;
  bytes: number;
  sha256: string;
}

export interface AssembledResults {
  results: string;
  failures: string;
  resultsBytes: number;
  failuresBytes: number;
}

/** What a chunk's checkpoint says about its file: enough to find and check its bytes inside results.csv. */
export interface ChunkBytes {
  bytes: number;
  sha256: string;
}

export function chunkFile(dir: string, lease: ChunkLease): string {
  return path.join(dir, `chunk-${String(lease.chunk).padStart(5, '0')}-a${lease.attempts}.csv`);
}

/**
 * A chunk file's bytes as they are computed: each slice's text encoded (and hashed, for the CSV) when
 * it is added, so the main thread never joins, encodes or hashes a whole chunk (~34 MB of CSV for
 * 10,000 in-depth rows) in one turn — that stalled the HTTP server for 100–440 ms per chunk (issue 30).
 */
export class ChunkContent {
  readonly parts: Buffer[] = [];
  bytes = 0;
  private readonly hash: crypto.Hash | null;

  constructor(hashed: boolean) {
    this.hash = hashed ? crypto.createHash('sha256') : null;
  }

  add(text: string): void {
    const part = Buffer.from(text, 'utf8');
    this.parts.push(part);
    this.bytes += part.length;
    this.hash?.update(part);
  }

  digest(): string {
    return this.hash!.digest('hex');
  }
}

export async function writeChunk(dir: string, lease: ChunkLease, csv: ChunkContent, failures: ChunkContent): Promise<WrittenChunk> {
  const file = chunkFile(dir, lease);
  await writeFileWhole(`${file}.failures.jsonl`, async (write) => {
    for (const part of failures.parts) await write(part);
  });
  await writeFileWhole(file, async (write) => {
    for (const part of csv.parts) await write(part);
  });
  return { file: path.basename(file), bytes: csv.bytes, sha256: csv.digest() };
}

/** An accepted chunk's files are there, the CSV of its recorded size (the cheap check before assembling; a restart checks hashes). */
export async function chunkPresent(dir: string, checkpoint: ChunkBytes & { file: string }): Promise<boolean> {
  const full = path.join(dir, checkpoint.file);
  const [csv, failures] = await Promise.all([fs.promises.stat(full).catch(() => null), fs.promises.stat(`${full}.failures.jsonl`).catch(() => null)]);
  return csv?.size === checkpoint.bytes && failures !== null;
}

/** results.csv = header + the chunks' files (in chunk order); failures.jsonl likewise. Each written to a temporary name, then renamed. */
export async function assembleResults(dir: string, header: string, chunkFiles: readonly string[]): Promise<AssembledResults> {
  const chunks = chunkFiles.map((file) => path.join(dir, file));
  const failures = path.join(dir, 'failures.jsonl');
  const results = path.join(dir, 'results.csv');
  const failuresBytes = await concatenate(failures, '', chunks.map((c) => `${c}.failures.jsonl`));
  const resultsBytes = await concatenate(results, header, chunks);
  return { results, failures, resultsBytes, failuresBytes };
}

/**
 * Results assembled by an earlier attempt, if both files are still there and whole: the sizes recorded at
 * assembly, the header, and every chunk's bytes at its place hashing to its checkpoint. Checking costs one
 * read of the file, paid only by a restart; assembling needs no hash of its own.
 */
export async function assembledIntact(dir: string, header: string, chunks: readonly ChunkBytes[], sizes: { resultsBytes: number; failuresBytes: number }): Promise<AssembledResults | null> {
  const results = path.join(dir, 'results.csv');
  const failures = path.join(dir, 'failures.jsonl');
  const head = Buffer.from(header, 'utf8');
  const expectedBytes = chunks.reduce((sum, c) => sum + c.bytes, head.length);
  if (fs.statSync(failures, { throwIfNoEntry: false })?.size !== sizes.failuresBytes) return null;
  if (expectedBytes !== sizes.resultsBytes || fs.statSync(results, { throwIfNoEntry: false })?.size !== expectedBytes) return null;
  let chunk = -1;
  let left = head.length;
  let hash = crypto.createHash('sha256');
  const headRead: Buffer[] = [];
  for await (const block of fs.createReadStream(results, { highWaterMark: COPY_BYTES }) as AsyncIterable<Buffer>) {
    for (let at = 0; at < block.length; ) {
      const take = Math.min(left, block.length - at);
      if (chunk === -1) headRead.push(block.subarray(at, at + take));
      else hash.update(block.subarray(at, at + take));
      at += take;
      left -= take;
      if (left > 0) continue;
      if (chunk === -1 ? !Buffer.concat(headRead).equals(head) : hash.digest('hex') !== chunks[chunk]!.sha256) return null;
      hash = crypto.createHash('sha256');
      left = chunks[++chunk]?.bytes ?? Infinity;
    }
  }
  return { results, failures, resultsBytes: expectedBytes, failuresBytes: sizes.failuresBytes };
}

/** Remove the named chunks' files (a refused checkpoint's), or every chunk file of the job once its results are assembled and recorded. */
export async function removeChunkFiles(dir: string, only?: readonly string[]): Promise<void> {
  const names = only ? only.flatMap((file) => [file, `${file}.failures.jsonl`]) : (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((name) => CHUNK_FILE.test(temporaryTarget(name) ?? name));
  await Promise.all(names.map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
}

/** Join `head` and `parts` into `target`, whole or not at all (a failed join leaves no half-written file taking the space); returns its size. */
function concatenate(target: string, head: string, parts: readonly string[]): Promise<number> {
  return writeFileWhole(target, async (write) => {
    if (head) await write(Buffer.from(head, 'utf8'));
    for (const part of parts) {
      for await (const block of fs.createReadStream(part, { highWaterMark: COPY_BYTES }) as AsyncIterable<Buffer>) await write(block);
    }
  });
}
