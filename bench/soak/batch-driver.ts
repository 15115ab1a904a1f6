/**
 * The soak's batch traffic, beside autocannon's request mix: loops that keep
 * uploading CSV schedules (both upload routes), submitting in-depth and Lite
 * jobs (with and without an Idempotency-Key, Flood Plus sometimes), polling
 * them, and downloading every artefact — sometimes whole, sometimes gzip
 * (checked to inflate to the plain bytes), sometimes a Range (206 with the
 * right bytes and Content-Range), sometimes If-None-Match with the ETag (304).
 *
 * Each loop walks a fixed cycle of job kinds (JOB_KINDS), so the first cycle —
 * within the soak's warm-up — runs every kind once, the large one included.
 * One loop alone runs the large kind, so at most one large artefact build is
 * in flight (the RSS rule's warm-up then covers every artefact thread).
 *
 * Problems (a refused upload or submission, a job that fails or is cancelled,
 * a complete job without a link, a download that answers wrongly, a 5xx) are
 * collected for the verdict.
 */
import http from 'node:http';
import zlib from 'node:zlib';

export interface JobKind {
  name: string;
  route: 'in-depth' | 'lite';
  rows: number;
  /** Use place names (geocoded) instead of coordinates. */
  places: boolean;
  body: Record<string, unknown>;
}

export const JOB_KINDS: JobKind[] = [
  { name: 'in-depth 200 rows × 2 perils', route: 'in-depth', rows: 200, places: false, body: { perils: ['Earthquake', 'Rain'] } },
  { name: 'lite 300 rows (places)', route: 'lite', rows: 300, places: true, body: {} },
  { name: 'in-depth 2,000 rows × 3 perils', route: 'in-depth', rows: 2000, places: false, body: { perils: ['TropicalCyclone', 'Earthquake', 'Rain'] } },
  { name: 'lite 2,000 rows, flood plus', route: 'lite', rows: 2000, places: false, body: { flood_plus: true } },
  { name: 'in-depth 50 rows (places) × 1 peril', route: 'in-depth', rows: 50, places: true, body: { perils: ['Hail'] } },
];
export const LARGE_KIND: JobKind = { name: 'in-depth 5,000 rows × 2 perils', route: 'in-depth', rows: 5000, places: false, body: { perils: ['TropicalCyclone', 'Earthquake'] } };

const PLACES = ['London, UK', 'Miami, FL', 'Tokyo', 'Paris', 'São Paulo', 'Mumbai', 'Sydney', 'Cairo', 'Reykjavik', 'Denver, CO', 'Nairobi', 'Oslo'];

export interface DriverStats {
  uploads: number;
  jobs: Record<string, number>;
  downloads: Record<string, number>;
  jobSeconds: number[];
  problems: string[];
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error('no answer within 120 s')));
  });
}

function schedule(kind: JobKind, n: number): string {
  const lines = [kind.places ? 'location,tag' : 'latitude,longitude,tag'];
  for (let i = 0; i < kind.rows; i++) {
    const tag = `soak-${n}-${i}`;
    if (kind.places) lines.push(`"${PLACES[(i + n) % PLACES.length]}",${tag}`);
    else lines.push(`${(((i * 37 + n * 11) % 1400) / 10 - 70).toFixed(2)},${(((i * 53 + n * 7) % 3400) / 10 - 170).toFixed(2)},${tag}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

export class BatchDriver {
  readonly stats: DriverStats = { uploads: 0, jobs: {}, downloads: {}, jobSeconds: [], problems: [] };
  private stopping = false;
  private readonly loops: Promise<void>[] = [];
  private counter = 0;

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  start(loops = 2): void {
    for (let i = 0; i < loops; i++) this.loops.push(this.loop(i));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  private problem(text: string): void {
    if (this.stats.problems.length < 200) this.stats.problems.push(text);
    this.log(`  batch: ${text}`);
  }

  private count(map: Record<string, number>, key: string): void {
    map[key] = (map[key] ?? 0) + 1;
  }

  private async loop(id: number): Promise<void> {
    // Loop 0 runs the large kind once per cycle; the others the small kinds only, offset so they differ.
    const cycle = id === 0 ? [LARGE_KIND, ...JOB_KINDS] : [...JOB_KINDS.slice(id % JOB_KINDS.length), ...JOB_KINDS.slice(0, id % JOB_KINDS.length)];
    for (let k = 0; !this.stopping; k++) {
      try {
        await this.one(cycle[k % cycle.length]!, id);
      } catch (err) {
        this.problem(`loop ${id}: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private async one(kind: JobKind, loop: number): Promise<void> {
    const n = this.counter++;
    const headers = { 'x-api-key': this.key };
    const uploadRoute = n % 2 === 0 ? kind.route : kind.route === 'lite' ? 'in-depth' : 'lite';
    const form = new FormData();
    form.set('file', new Blob([schedule(kind, n)], { type: 'text/csv' }), `soak-${n}.csv`);
    const up = await fetch(`${this.url}/v1/${uploadRoute}/batch/upload`, { method: 'POST', body: form, headers });
    const upBody = (await up.json()) as { file_id?: string };
    if (up.status !== 200 || !upBody.file_id) return this.problem(`upload (${kind.name}) answered ${up.status}: ${JSON.stringify(upBody).slice(0, 300)}`);
    this.stats.uploads++;
    const submitHeaders: Record<string, string> = { ...headers, 'content-type': 'application/json' };
    if (n % 3 === 0) submitHeaders['idempotency-key'] = `soak-${n}`;
    const body = JSON.stringify({ file_id: upBody.file_id, ...kind.body });
    const started = performance.now();
    const sub = await fetch(`${this.url}/v1/${kind.route}/batch`, { method: 'POST', headers: submitHeaders, body });
    const job = (await sub.json()) as { job_id?: string };
    if (sub.status !== 200 || !job.job_id) return this.problem(`submit (${kind.name}) answered ${sub.status}: ${JSON.stringify(job).slice(0, 300)}`);
    if (n % 3 === 0) {
      // The same key and submission again: the same job (docs/batch.md "Submit").
      const again = await fetch(`${this.url}/v1/${kind.route}/batch`, { method: 'POST', headers: submitHeaders, body });
      const same = (await again.json()) as { job_id?: string };
      if (again.status !== 200 || same.job_id !== job.job_id) this.problem(`idempotent resubmission (${kind.name}) answered ${again.status} ${JSON.stringify(same).slice(0, 200)}, expected job ${job.job_id}`);
    }
    let status: { status: string; result_url?: string | null; report_url?: string | null; workbook_url?: string | null };
    for (;;) {
      if (this.stopping && performance.now() - started > 120_000) return;
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${this.url}/v1/${kind.route}/batch/${job.job_id}`, { headers });
      status = (await res.json()) as typeof status;
      if (res.status !== 200) return this.problem(`status of ${job.job_id} answered ${res.status}`);
      if (['complete', 'failed', 'cancelled'].includes(status.status)) break;
    }
    this.count(this.stats.jobs, status.status);
    this.stats.jobSeconds.push((performance.now() - started) / 1000);
    if (status.status !== 'complete') return this.problem(`job ${job.job_id} (${kind.name}) ended ${JSON.stringify(status).slice(0, 300)}`);
    for (const [name, link] of [['results.csv', status.result_url], ['report.html', status.report_url], ['workbook.xlsx', status.workbook_url]] as const) {
      if (!link) {
        this.problem(`job ${job.job_id} (${kind.name}) complete without ${name}`);
        continue;
      }
      await this.download(name, link, n + loop);
    }
  }

  private async download(name: string, link: string, n: number): Promise<void> {
    const plain = await request(link);
    this.count(this.stats.downloads, `${name} ${plain.status}`);
    if (plain.status !== 200) return this.problem(`GET ${name} answered ${plain.status}`);
    if (Number(plain.headers['content-length'] ?? plain.body.length) !== plain.body.length) this.problem(`GET ${name}: Content-Length ${plain.headers['content-length']} but ${plain.body.length} bytes`);
    const how = n % 4;
    if (how === 1 && name !== 'workbook.xlsx') {
      const gz = await request(link, { 'accept-encoding': 'gzip' });
      this.count(this.stats.downloads, `${name} gzip ${gz.status}`);
      if (gz.status !== 200 || gz.headers['content-encoding'] !== 'gzip') return this.problem(`GET ${name} with Accept-Encoding: gzip answered ${gz.status}, content-encoding ${gz.headers['content-encoding']}`);
      let inflated: Buffer;
      try {
        inflated = zlib.gunzipSync(gz.body);
      } catch (err) {
        return this.problem(`GET ${name} gzip body does not inflate: ${(err as Error).message}`);
      }
      if (!inflated.equals(plain.body)) this.problem(`GET ${name} gzip body inflates to ${inflated.length} bytes that differ from the plain ${plain.body.length}`);
    } else if (how === 2) {
      const start = Math.floor(plain.body.length / 3);
      const end = Math.min(plain.body.length - 1, start + 999);
      const part = await request(link, { range: `bytes=${start}-${end}`, 'accept-encoding': 'gzip' });
      this.count(this.stats.downloads, `${name} range ${part.status}`);
      if (part.status !== 206) return this.problem(`GET ${name} with Range bytes=${start}-${end} answered ${part.status}`);
      if (part.headers['content-range'] !== `bytes ${start}-${end}/${plain.body.length}`) this.problem(`GET ${name} Range: Content-Range ${part.headers['content-range']}, expected bytes ${start}-${end}/${plain.body.length}`);
      if (!part.body.equals(plain.body.subarray(start, end + 1))) this.problem(`GET ${name} Range bytes=${start}-${end}: the bytes differ from the whole file's`);
    } else if (how === 3) {
      const etag = plain.headers.etag;
      if (!etag) return this.problem(`GET ${name}: no ETag`);
      const again = await request(link, { 'if-none-match': etag });
      this.count(this.stats.downloads, `${name} if-none-match ${again.status}`);
      if (again.status !== 304) this.problem(`GET ${name} with If-None-Match ${etag} answered ${again.status}`);
    }
  }
}
