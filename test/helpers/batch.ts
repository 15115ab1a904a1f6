import { call, type JsonResponse } from './app.js';

/** Multipart upload through fetch's FormData, as a browser or requests would send it. */
export async function upload(url: string, key: string, csv: string | Uint8Array, options: { filename?: string; type?: string; route?: 'in-depth' | 'lite'; field?: string } = {}): Promise<JsonResponse> {
  const form = new FormData();
  form.set(options.field ?? 'file', new Blob([csv], { type: options.type ?? 'text/csv' }), options.filename ?? 'schedule.csv');
  return call(`${url}/v1/${options.route ?? 'in-depth'}/batch/upload`, { method: 'POST', body: form, key });
}

/** Poll the job's status until `done` holds; no deadline of its own (the test's timeout catches a hang). */
export async function waitForJob(url: string, key: string, kind: 'in-depth' | 'lite', jobId: string, done: (status: any) => boolean = (s) => ['complete', 'failed', 'cancelled'].includes(s.status)): Promise<any> {
  for (;;) {
    const res = await call(`${url}/v1/${kind}/batch/${jobId}`, { key });
    if (done(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** CSV text from a header and rows (values quoted when needed), CRLF line ends. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => (v === null ? '' : /[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [header.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\r\n') + '\r\n';
}

/** Parse an RFC 4180 CSV (for reading results back): the catalogue reader's parser. */
export { parseCsv as parseCsvText } from '../../src/catalogues/files.js';
