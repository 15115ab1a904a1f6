/**
 * Reading an upload's records: src/batch/upload-records.ts (the reader uploads
 * use since issue 30) against csv-parser (which read them before, and merged
 * rows at a stray quote), over the same 100,000-row schedule (the spec's
 * largest), read from memory in 1 MiB chunks as validateCsv reads the file.
 * Also prints each reader's record count for the audit's inch-mark file.
 *
 *   node --import tsx bench/csv-upload.bench.ts
 */
import os from 'node:os';
import { Readable } from 'node:stream';
import csv from 'csv-parser';
import { Bench } from 'tinybench';
import { CsvRecordReader } from '../src/batch/upload-records.js';

const ROWS = 100_000;
const CHUNK = 1 << 20;
const header = 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour\r\n';
const body = Array.from({ length: ROWS }, (_, i) => `${i},"Office ${i}, Springfield, IL",${(39.78 + i / 1e6).toFixed(6)},-89.65,tag-${i},2027-01-01,2027-12-31,0,23\r\n`).join('');
const text = header + body;
const chunks: string[] = [];
for (let at = 0; at < text.length; at += CHUNK) chunks.push(text.slice(at, at + CHUNK));

function ours(input: readonly string[]): number {
  const reader = new CsvRecordReader();
  let records = 0;
  for (const chunk of input) records += reader.push(chunk).length;
  return records + reader.end().length;
}

async function csvParser(input: readonly string[]): Promise<number> {
  let records = 0;
  const parser = csv({ strict: false });
  parser.on('headers', () => records++);
  for await (const _ of Readable.from(input).pipe(parser)) records++;
  return records;
}

const inch = ['location,latitude,longitude,tag\n,25.77,-80.19,6" main\n,25.78,-80.19,b\n,25.79,-80.19,c\n'];
console.log(`# CSV upload reader — ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}`);
console.log(`${ROWS} rows, ${(text.length / 2 ** 20).toFixed(1)} MiB; records read: ours ${ours(chunks)}, csv-parser ${await csvParser(chunks)}`);
console.log(`inch-mark file (1 header + 3 rows): ours ${ours(inch)} records, csv-parser ${await csvParser(inch)}`);

const bench = new Bench({ iterations: 10, warmupIterations: 2 });
bench.add('ours (upload-records.ts)', () => void ours(chunks));
bench.add('csv-parser', async () => void (await csvParser(chunks)));
await bench.run();
const meanMs = (task: (typeof bench.tasks)[number]): number => (task.result as unknown as { latency: { mean: number } }).latency.mean;
const [mine, theirs] = bench.tasks.map(meanMs);
for (const task of bench.tasks) console.log(`${task.name.padEnd(24)} ${meanMs(task).toFixed(1)} ms per 100k rows`);
console.log(`ours / csv-parser time: ${(mine! / theirs!).toFixed(2)}`);
