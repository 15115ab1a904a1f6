/**
 * Output checks: batch jobs over hostile-but-valid schedule text (hostile.ts),
 * run to completion by the server's worker, every artefact downloaded from its
 * signed link and checked against what was uploaded:
 *
 *  - results CSV (result_url): parses as strict RFC 4180 (check/csv-strict.ts:
 *    CRLF, quoting, one width), the documented header, one index per uploaded
 *    row (0…n−1), every line's location and tag exactly the uploaded text
 *    (with the leading apostrophe the formula guard adds, docs/batch.md) and
 *    its coordinates as given, every index with the same number of lines;
 *  - workbook (workbook_url): a ZIP whose entries inflate with the right CRC
 *    (check/zip.ts), [Content_Types].xml, xl/workbook.xml and the worksheets
 *    present, and every XML part — sharedStrings.xml included — well-formed XML
 *    with no character XML forbids, raw or as a reference (check/xml.ts); then
 *    the workbook's strings (entities and OOXML _xHHHH_ escapes decoded) hold
 *    every echoed text exactly (docs/reports.md: the workbook holds the CSV's
 *    values);
 *  - report (report_url): UTF-8, a doctype and one html/head/body
 *    (check/html.ts), and, with Chromium present, opened headless at its URL
 *    with no page error, console error, dialog or outside request.
 *
 * Jobs: a small in-depth and a small Lite job (every hostile atom once as a
 * location; ≤ HAZRISK_WORKBOOK_STREAMING_ROWS workbook rows, so the
 * xlsx-populate writer) and a large pair (1,500 rows, above it: the streaming
 * writer), plus a schedule with a `"` inside unquoted fields, which must be
 * refused naming those rows or echoed literally.
 */
import { showText, parseStrictCsv } from '../check/csv-strict.js';
import { browserCheck, checkHtmlStructure } from '../check/html.js';
import { checkXml } from '../check/xml.js';
import { readZip } from '../check/zip.js';
import { type JobStatus, waitJob } from './concurrency.js';
import { hashSeed, type LiveContext } from './context.js';
import { ATOMS, echoed, hostileCsv, hostileRows, type HostileRow, quoteProbe } from './hostile.js';

const STAGE = 'outputs';

// The documented headers (docs/batch.md "Results CSV"), written out here rather than imported from src/.
export const IN_DEPTH_HEADER = 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,unit,threshold,probability,return_period,status';
export const LITE_HEADER = 'index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,score,band,score_colour,status';

interface JobSpec {
  name: string;
  route: 'in-depth' | 'lite';
  rows: HostileRow[];
  body: Record<string, unknown>;
  csv?: Buffer;
}

interface Submitted {
  spec: JobSpec;
  jobId: string;
  /** The rows the upload accepted, in order (their index is their position). */
  rows: HostileRow[];
}

interface UploadOutcome {
  fileId: string | null;
  rows: HostileRow[];
  dropped: { row: number; column: string; message: string; text: string }[];
}

async function postUpload(ctx: LiveContext, route: string, csv: Buffer, filename: string): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), filename);
  const res = await fetch(`${ctx.url}/v1/${route}/batch/upload`, { method: 'POST', body: form, headers: { 'x-api-key': ctx.server.key } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * Upload hostile rows; a refusal that names rows drops those rows (noted: the
 * service refuses some character on purpose) and tries again. A refusal that
 * names no row is a finding.
 */
async function uploadHostile(ctx: LiveContext, spec: JobSpec): Promise<UploadOutcome> {
  let rows = spec.rows;
  const dropped: UploadOutcome['dropped'] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const csv = hostileCsv(rows);
    const res = await postUpload(ctx, spec.route, csv, `${spec.name}.csv`);
    if (res.status === 200 && res.body?.file_id) return { fileId: res.body.file_id, rows, dropped };
    const details: { row?: number; column?: string; message?: string }[] = res.body?.error?.details ?? [];
    const named = details.filter((d) => typeof d.row === 'number' && d.row >= 1 && d.row <= rows.length);
    if (res.status !== 400 || named.length === 0) {
      ctx.find(STAGE, spec.name, 'upload-refused', `a valid RFC 4180 schedule of ${rows.length} rows (hostile text, every field quoted) was refused without naming a row: ${res.status} ${JSON.stringify(res.body).slice(0, 1500)}`, { request: `POST /v1/${spec.route}/batch/upload, ${csv.length} bytes` });
      return { fileId: null, rows, dropped };
    }
    const bad = new Set(named.map((d) => d.row!));
    for (const d of named) {
      const r = rows[d.row! - 1]!;
      dropped.push({ row: d.row!, column: d.column ?? '?', message: d.message ?? '', text: d.column === 'tag' ? r.tag : r.location });
    }
    rows = rows.filter((_, i) => !bad.has(i + 1));
    if (rows.length === 0) break;
  }
  ctx.find(STAGE, spec.name, 'upload-refused', `the upload kept refusing rows until ${rows.length} were left: ${dropped.slice(0, 10).map((d) => `row ${d.row} ${d.column}: ${d.message}`).join('; ')}`);
  return { fileId: null, rows, dropped };
}

async function download(url: string): Promise<{ status: number; bytes: Buffer; type: string }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' };
}

/** OOXML ST_Xstring: _xHHHH_ stands for the character U+HHHH (so a literal "_x0041_" must be written "_x005F_x0041_"). */
export function decodeOoxml(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function checkCsv(ctx: LiveContext, name: string, bytes: Buffer, header: string, rows: readonly HostileRow[], url: string): string[] {
  const parsed = parseStrictCsv(bytes);
  if (!parsed.ok) {
    const p = parsed.problem;
    ctx.find(STAGE, name, 'csv-strict', `results CSV is not strict RFC 4180: ${p.message} (record ${p.record}${p.line > 0 ? `, line ${p.line}, byte ${p.offset}` : ''}): …${p.context}…`, { response: url });
    return [];
  }
  const [head, ...records] = parsed.records;
  if (head!.join(',') !== header) ctx.find(STAGE, name, 'csv-header', `results CSV header is ${JSON.stringify(head!.join(','))}, expected ${JSON.stringify(header)}`);
  const col = (c: string): number => head!.indexOf(c);
  const [iIndex, iLocation, iLat, iLon, iTag, iStatus] = ['index', 'location', 'latitude', 'longitude', 'tag', 'status'].map(col) as [number, number, number, number, number, number];
  const perIndex = new Map<number, string[][]>();
  const problems: string[] = [];
  for (const r of records) {
    const index = Number(r[iIndex]);
    if (!Number.isInteger(index) || String(index) !== r[iIndex]) {
      problems.push(`a line with index ${JSON.stringify(r[iIndex])}`);
      continue;
    }
    (perIndex.get(index) ?? perIndex.set(index, []).get(index)!).push(r);
  }
  const missing = rows.map((_, i) => i).filter((i) => !perIndex.has(i));
  const extra = [...perIndex.keys()].filter((i) => i < 0 || i >= rows.length);
  if (missing.length || extra.length) {
    ctx.find(STAGE, name, 'csv-rows', `${rows.length} rows uploaded, ${perIndex.size} indices in the results (${records.length} lines)${missing.length ? `; missing indices ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''} (e.g. row ${missing[0]! + 1}: location ${JSON.stringify(showText(rows[missing[0]!]!.location, 120))})` : ''}${extra.length ? `; unexpected indices ${extra.slice(0, 20).join(', ')}` : ''}`);
  }
  const mismatches: string[] = [];
  const statuses = new Set<string>();
  for (const [index, lines] of perIndex) {
    const row = rows[index];
    if (!row) continue;
    for (const r of lines) {
      statuses.add(r[iStatus]!);
      for (const [column, at, want] of [['location', iLocation, echoed(row.location)], ['tag', iTag, row.tag === '' ? '' : echoed(row.tag)]] as const) {
        if (r[at] !== want) mismatches.push(`index ${index} ${column}: sent ${JSON.stringify(showText(row[column], 150))}, expected ${JSON.stringify(showText(want, 150))}, got ${JSON.stringify(showText(r[at] ?? '', 150))}`);
      }
      if (r[iStatus] === 'success' && (Number(r[iLat]) !== Number(row.latitude) || Number(r[iLon]) !== Number(row.longitude))) mismatches.push(`index ${index}: coordinates ${r[iLat]},${r[iLon]}, sent ${row.latitude},${row.longitude}`);
    }
  }
  const unique = [...new Set(mismatches)];
  if (unique.length) ctx.find(STAGE, name, 'csv-echo', `${unique.length} echoed values differ from the upload; first: ${unique.slice(0, 6).join(' | ')}`);
  const badStatus = [...statuses].filter((s) => s !== 'success' && s !== 'failed');
  if (badStatus.length || problems.length) ctx.find(STAGE, name, 'csv-values', `unexpected values: ${[...badStatus.map((s) => `status ${JSON.stringify(s)}`), ...problems.slice(0, 5)].join('; ')}`);
  // In-depth: one line per threshold of each peril, so every row computed in full has as many lines (Lite's
  // returned perils depend on the country, so its rows differ).
  if (header === IN_DEPTH_HEADER) {
    const counts = new Map<number, number>();
    for (const lines of perIndex.values()) if (lines.every((l) => l[iStatus] === 'success')) counts.set(lines.length, (counts.get(lines.length) ?? 0) + 1);
    if (counts.size > 1) ctx.find(STAGE, name, 'csv-rows', `rows computed in full have different line counts: ${[...counts].map(([n, k]) => `${k} with ${n} lines`).join(', ')}`);
  }
  ctx.fact(STAGE, `${name} csv`, { lines: records.length, indices: perIndex.size, statuses: [...statuses] });
  return [...new Set(rows.flatMap((r) => [echoed(r.location), ...(r.tag === '' ? [] : [echoed(r.tag)])]))];
}

function checkWorkbook(ctx: LiveContext, name: string, bytes: Buffer, expected: readonly string[]): number {
  const zip = readZip(bytes);
  if (!zip.ok) {
    ctx.find(STAGE, name, 'xlsx-zip', `workbook is not a readable ZIP: ${zip.problem} (${bytes.length} bytes, starts ${bytes.subarray(0, 16).toString('hex')})`);
    return 0;
  }
  const names = zip.entries.map((e) => e.name);
  const required = ['[Content_Types].xml', 'xl/workbook.xml'];
  const missing = required.filter((r) => !names.includes(r));
  const sheets = names.filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n));
  if (missing.length || sheets.length === 0) ctx.find(STAGE, name, 'xlsx-parts', `workbook lacks ${[...missing, ...(sheets.length ? [] : ['xl/worksheets/*.xml'])].join(', ')} (entries: ${names.join(', ')})`);
  const texts: string[] = [];
  let wellFormed = true;
  for (const entry of zip.entries) {
    if (!/\.(xml|rels)$/.test(entry.name)) continue;
    const result = checkXml(zip.read(entry.name));
    if (!result.ok) {
      wellFormed = false;
      const p = result.problem;
      ctx.find(STAGE, name, 'xlsx-xml', `${entry.name} is not well-formed XML: ${p.message} at line ${p.line}, column ${p.column} (offset ${p.offset}): …${p.context}…`);
    } else if (entry.name === 'xl/sharedStrings.xml' || sheets.includes(entry.name)) texts.push(...result.doc.texts);
  }
  if (wellFormed) {
    const have = new Set(texts.map(decodeOoxml));
    const absent = expected.filter((t) => !have.has(t));
    if (absent.length) {
      // Name what the workbook holds instead, when a near text is there (same length ± a few, same start).
      const examples = absent.slice(0, 5).map((t) => {
        const near = texts.find((x) => decodeOoxml(x).slice(0, 3) === t.slice(0, 3) && Math.abs(decodeOoxml(x).length - t.length) <= 8);
        return `${JSON.stringify(showText(t, 100))}${near !== undefined ? ` (the workbook has ${JSON.stringify(showText(near, 100))})` : ''}`;
      });
      ctx.find(STAGE, name, 'workbook-text', `${absent.length} of ${expected.length} echoed texts are not in the workbook's strings as written in the CSV (after decoding entities and _xHHHH_ escapes); first: ${examples.join(' | ')}`);
    }
  }
  return sheets.length;
}

async function checkJob(ctx: LiveContext, job: Submitted, status: JobStatus, browser: ReturnType<typeof browserCheck> | null): Promise<void> {
  const name = job.spec.name;
  if (status.status !== 'complete') return void ctx.find(STAGE, name, 'job', `the job ended ${JSON.stringify(status).slice(0, 1000)}`);
  const links = { result_url: status.result_url, workbook_url: status.workbook_url, report_url: status.report_url };
  const absent = Object.entries(links).filter(([, v]) => !v).map(([k]) => k);
  if (absent.length) ctx.find(STAGE, name, 'links', `complete, but ${absent.join(', ')} null (a small job's artefacts should all build): ${JSON.stringify(status).slice(0, 800)}`);
  let expected: string[] = [];
  if (links.result_url) {
    const d = await download(links.result_url);
    if (d.status !== 200) ctx.find(STAGE, name, 'download', `result_url answered ${d.status}`);
    else expected = checkCsv(ctx, name, d.bytes, job.spec.route === 'lite' ? LITE_HEADER : IN_DEPTH_HEADER, job.rows, links.result_url);
  }
  if (links.workbook_url) {
    const d = await download(links.workbook_url);
    if (d.status !== 200) ctx.find(STAGE, name, 'download', `workbook_url answered ${d.status}`);
    else {
      const sheets = checkWorkbook(ctx, name, d.bytes, expected);
      ctx.fact(STAGE, `${name} workbook`, { bytes: d.bytes.length, sheets });
    }
  }
  if (links.report_url) {
    const d = await download(links.report_url);
    if (d.status !== 200) ctx.find(STAGE, name, 'download', `report_url answered ${d.status}`);
    else {
      const problems = checkHtmlStructure(d.bytes);
      if (problems.length) ctx.find(STAGE, name, 'html-structure', `report: ${problems.join('; ')}`);
      if (browser?.available) {
        const seen = await browser.open(links.report_url);
        if (seen.length) ctx.find(STAGE, name, 'html-browser', `report in Chromium: ${[...new Set(seen)].slice(0, 8).join(' | ')}`);
        ctx.fact(STAGE, `${name} report in Chromium`, seen.length ? 'problems' : 'loaded cleanly');
      }
    }
  }
}

async function strayQuote(ctx: LiveContext): Promise<void> {
  const probe = quoteProbe(hashSeed(ctx.options.seed, `${STAGE}:stray-quote`));
  const request = `POST /v1/in-depth/batch/upload with:\n${probe.csv.toString('utf8').trimEnd().replace(/\r\n/g, '\\r\\n\n')}`;
  const res = await postUpload(ctx, 'in-depth', probe.csv, 'stray-quote.csv');
  if (res.status === 400) {
    const named = new Set<number>((res.body?.error?.details ?? []).map((d: { row?: number }) => d.row));
    const want = new Set(probe.stray);
    const same = named.size === want.size && [...want].every((r) => named.has(r));
    if (same) ctx.note(STAGE, `stray-quote: refused, naming rows ${[...named].join(', ')} (the rows with a " inside an unquoted field)`);
    else ctx.find(STAGE, 'stray-quote', 'stray-quote', `refused, but naming rows ${JSON.stringify([...named])} instead of the rows with a stray quote ${JSON.stringify(probe.stray)}: ${JSON.stringify(res.body).slice(0, 1200)}`, { request });
    return;
  }
  if (res.status !== 200) return void ctx.find(STAGE, 'stray-quote', 'stray-quote', `answered ${res.status}: ${JSON.stringify(res.body).slice(0, 800)}`, { request });
  // Accepted: the quote must have been taken literally, every row kept.
  const sub = await fetch(`${ctx.url}/v1/in-depth/batch`, { method: 'POST', headers: { 'x-api-key': ctx.server.key, 'content-type': 'application/json' }, body: JSON.stringify({ file_id: res.body.file_id, perils: ['TropicalCyclone'] }) });
  const job = (await sub.json()) as { job_id?: string };
  if (!job.job_id) return void ctx.find(STAGE, 'stray-quote', 'submit', `submit answered ${sub.status}: ${JSON.stringify(job)}`);
  const status = await waitJob(ctx, 'in-depth', job.job_id);
  if (status.status !== 'complete' || !status.result_url) return void ctx.find(STAGE, 'stray-quote', 'job', `ended ${JSON.stringify(status).slice(0, 600)}`);
  const before = ctx.findings.length;
  checkCsv(ctx, 'stray-quote', (await download(status.result_url)).bytes, IN_DEPTH_HEADER, probe.rows, status.result_url);
  for (const f of ctx.findings.slice(before)) f.request = request;
  if (ctx.findings.length === before) ctx.note(STAGE, `stray-quote: accepted, the quotes taken literally (rows ${probe.stray.join(', ')})`);
}

export async function runOutputs(ctx: LiveContext): Promise<void> {
  const seed = ctx.options.seed;
  const small = hostileRows(hashSeed(seed, `${STAGE}:small`), ATOMS.length);
  const large = ctx.options.mini ? [] : hostileRows(hashSeed(seed, `${STAGE}:large`), 1500);
  const specs: JobSpec[] = [
    { name: 'small-in-depth', route: 'in-depth', rows: small, body: { perils: ['TropicalCyclone'] } },
    { name: 'small-lite', route: 'lite', rows: small, body: {} },
    { name: 'large-in-depth', route: 'in-depth', rows: large, body: { perils: ['TropicalCyclone'] } },
    { name: 'large-lite', route: 'lite', rows: large, body: {} },
  ].filter((s) => s.rows.length > 0 && ctx.wants(s.name) && !(ctx.options.mini && s.route === 'lite')) as JobSpec[];

  ctx.probe.phase('outputs-compute');
  const submitted: Submitted[] = [];
  for (const spec of specs) {
    const up = await uploadHostile(ctx, spec);
    if (up.dropped.length) ctx.note(STAGE, `${spec.name}: the upload refused ${up.dropped.length} rows, dropped: ${up.dropped.slice(0, 8).map((d) => `row ${d.row} ${d.column} ${JSON.stringify(showText(d.text, 40))} (${d.message.slice(0, 80)})`).join('; ')}`);
    if (!up.fileId) continue;
    const res = await fetch(`${ctx.url}/v1/${spec.route}/batch`, { method: 'POST', headers: { 'x-api-key': ctx.server.key, 'content-type': 'application/json' }, body: JSON.stringify({ file_id: up.fileId, ...spec.body }) });
    const job = (await res.json()) as { job_id?: string };
    if (!job.job_id) {
      ctx.find(STAGE, spec.name, 'submit', `submit answered ${res.status}: ${JSON.stringify(job).slice(0, 800)}`);
      continue;
    }
    submitted.push({ spec, jobId: job.job_id, rows: up.rows });
  }
  const statuses = await Promise.all(submitted.map((s) => waitJob(ctx, s.spec.route, s.jobId)));
  ctx.probe.phase('outputs-check');
  const browser = ctx.options.browser ? browserCheck() : null;
  if (browser && !browser.available) ctx.note(STAGE, `reports NOT opened in a browser: ${browser.reason}; only their structure was checked`);
  try {
    for (let i = 0; i < submitted.length; i++) {
      const job = submitted[i]!;
      const before = ctx.findings.length;
      await checkJob(ctx, job, statuses[i]!, browser);
      ctx.log(`  outputs ${job.spec.name}: job ${job.jobId} ${statuses[i]!.status}, ${job.rows.length} rows; CSV, workbook and report checked${browser?.available ? ' (report opened in Chromium)' : ''}: ${ctx.findings.length - before} findings`);
    }
    if (ctx.wants('stray-quote')) await strayQuote(ctx);
  } finally {
    await browser?.close();
  }
  // Which workbook writer each job used follows from its rows (docs/reports.md): say so, so coverage is visible.
  for (const s of submitted) {
    const f = ctx.facts[STAGE]?.[`${s.spec.name} csv`] as { lines: number; indices: number } | undefined;
    if (!f) continue;
    const workbookRows = s.spec.route === 'in-depth' ? f.lines : f.indices;
    const writer = workbookRows + 1 > ctx.options.streamingRows ? 'streaming' : 'xlsx-populate';
    ctx.fact(STAGE, `${s.spec.name} writer`, `${writer} (${workbookRows} rows; HAZRISK_WORKBOOK_STREAMING_ROWS=${ctx.options.streamingRows})`);
    ctx.log(`  ${s.spec.name}: workbook by the ${writer} writer (${workbookRows} rows)`);
  }
}
