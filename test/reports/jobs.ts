import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { call, type TestApp } from '../helpers/app.js';
import { parseCsvText, upload, waitForJob } from '../helpers/batch.js';

/** Run a batch job end to end through the HTTP API and collect what it wrote. */
export interface FinishedJob {
  status: any;
  dir: string;
  /** The results CSV as parsed records, header first. */
  csv: string[][];
  report: string;
  workbook: string;
}

export async function runJob(t: TestApp, key: string, route: 'lite' | 'in-depth', schedule: string, options: Record<string, unknown> = {}, filename = 'schedule.csv'): Promise<FinishedJob> {
  const file = await upload(t.url, key, schedule, { route, filename });
  assert.equal(file.status, 200, JSON.stringify(file.body));
  const job = await call(`${t.url}/v1/${route}/batch`, { method: 'POST', key, json: { file_id: file.body.file_id, ...options } });
  assert.equal(job.status, 200, JSON.stringify(job.body));
  const status = await waitForJob(t.url, key, route, job.body.job_id);
  assert.equal(status.status, 'complete', JSON.stringify(status));
  const dir = path.join(t.dataDir, 'jobs', job.body.job_id);
  const csv = parseCsvText(fs.readFileSync(path.join(dir, 'results.csv'), 'utf8'));
  return { status, dir, csv, report: path.join(dir, 'report.html'), workbook: path.join(dir, 'workbook.xlsx') };
}
