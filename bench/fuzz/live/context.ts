/**
 * What the live stages share: the child server, the seed, the /health probe,
 * findings (each with the command that replays it), and small helpers —
 * multipart bodies, chunked framing, the escaped-errors counter from /metrics,
 * the uploads dir's temporary files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../server.js';
import type { HealthProbe } from './health-probe.js';

export interface Finding {
  stage: string;
  /** Which check failed (e.g. `escape`, `5xx`, `xml`, `csv-echo`, `health-latency`). */
  check: string;
  /** The case within the stage (replayable with --stage stage:case). */
  caseName: string;
  detail: string;
  request?: string;
  response?: string;
  replay: string;
}

export interface Note {
  stage: string;
  text: string;
}

export interface LiveOptions {
  seed: number;
  /** HAZRISK_UPLOAD_LIMIT of the child. */
  uploadLimit: number;
  /** HAZRISK_WORKBOOK_STREAMING_ROWS of the child. */
  streamingRows: number;
  /** Run only this case of the stage (replays). */
  only: string | null;
  /** Smaller runs (the smoke test): fewer cases, smaller jobs. */
  mini: boolean;
  /** Idle pause before reusing a keep-alive connection, seconds. */
  idleSeconds: number;
  /** /health latency bounds while work runs (judged phases). */
  healthP99Ms: number;
  healthMaxMs: number;
  /** Whether to open reports in Chromium (when present). */
  browser: boolean;
}

export class LiveContext {
  readonly findings: Finding[] = [];
  readonly notes: Note[] = [];
  /** Per stage: numbers worth printing (statuses, times, sizes). */
  readonly facts: Record<string, Record<string, unknown>> = {};

  constructor(
    readonly server: ServerProcess,
    readonly probe: HealthProbe,
    readonly options: LiveOptions,
    readonly log: (line: string) => void = console.log,
  ) {}

  replay(stage: string, caseName: string): string {
    const base = `npm run fuzz -- --seed ${this.options.seed}`;
    if (stage === 'final') return `${base} --stage limits,concurrency,slow,keepalive,outputs`;
    // A finding about the whole stage (several cases at once) replays the stage.
    if (caseName.startsWith('(') || caseName.includes(',')) return `${base} --stage ${stage}`;
    return `${base} --stage ${stage}:${caseName}`;
  }

  find(stage: string, caseName: string, check: string, detail: string, extra: { request?: string; response?: string } = {}): void {
    this.findings.push({ stage, check, caseName, detail, ...extra, replay: this.replay(stage, caseName) });
    this.log(`    ✗ [${check}] ${caseName}: ${detail.split('\n')[0]!.slice(0, 300)}`);
  }

  note(stage: string, text: string): void {
    this.notes.push({ stage, text });
    this.log(`    · ${text}`);
  }

  fact(stage: string, name: string, value: unknown): void {
    (this.facts[stage] ??= {})[name] = value;
  }

  /** Does this case run (no --stage filter, or it names this case)? */
  wants(caseName: string): boolean {
    return this.options.only === null || this.options.only === caseName;
  }

  get url(): string {
    return this.server.url;
  }

  get port(): number {
    return this.server.port;
  }

  /** hazrisk_process_escaped_errors_total from /metrics (null when /metrics does not answer). */
  async escapedErrors(): Promise<number | null> {
    try {
      const res = await fetch(`${this.url}/metrics`);
      const m = /^hazrisk_process_escaped_errors_total(?:\{[^}]*\})? ([\d.e+]+)/m.exec(await res.text());
      return m ? Number(m[1]) : null;
    } catch {
      return null;
    }
  }

  /** Files under the uploads dir (name → size), temporary ones included. */
  uploads(): Map<string, number> {
    const dir = path.join(this.server.dataDir, 'uploads');
    const out = new Map<string, number>();
    const walk = (d: string): void => {
      for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) walk(full);
        else out.set(path.relative(dir, full), fs.statSync(full, { throwIfNoEntry: false })?.size ?? -1);
      }
    };
    walk(dir);
    return out;
  }

  /** Temporary upload files (`.upload-*.tmp`) still present after up to `waitMs`. */
  async leftoverTemporaries(waitMs = 1000): Promise<string[]> {
    const started = performance.now();
    for (;;) {
      const tmp = [...this.uploads().keys()].filter((f) => /\.tmp$/.test(f));
      if (tmp.length === 0 || performance.now() - started > waitMs) return tmp;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Guard lines (escaped errors) logged since `since` of them were seen, as text for a finding. */
  escapeLines(since: number): string {
    return this.server
      .escapes()
      .slice(since)
      .map((e) => `${e.msg}: ${(e.err ?? e.line).split('\n').slice(0, 6).join(' | ')}`)
      .join('\n');
  }
}

// ---------------------------------------------------------------- bodies

export interface Part {
  /** Content-Disposition name (null: no Content-Disposition at all). */
  name: string | null;
  filename?: string;
  type?: string;
  content: Buffer;
}

/** A multipart/form-data body; `close: false` leaves the closing boundary off (a truncated body). */
export function multipartBody(boundary: string, parts: Part[], close = true): Buffer {
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const head = [`--${boundary}`];
    if (p.name !== null) head.push(`Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`);
    if (p.type) head.push(`Content-Type: ${p.type}`);
    pieces.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), p.content, Buffer.from('\r\n'));
  }
  if (close) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** Chunked transfer coding of `body` in pieces of the given sizes (cycled). */
export function chunked(body: Buffer, sizes: number[]): Buffer {
  const out: Buffer[] = [];
  let k = 0;
  for (let at = 0; at < body.length; k++) {
    const piece = body.subarray(at, at + Math.max(1, sizes[k % sizes.length]!));
    out.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    at += piece.length;
  }
  out.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(out);
}

/** A request head; `framing` adds Content-Length or Transfer-Encoding: chunked. */
export function requestHead(method: string, target: string, headers: [string, string][], framing: 'length' | 'chunked' | 'none', length = 0): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (framing === 'length') lines.push(`Content-Length: ${length}`);
  if (framing === 'chunked') lines.push('Transfer-Encoding: chunked');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** A deterministic generator (the tests' mulberry32) for sizes and choices within a stage. */
export { rng } from '../../../test/helpers/tables.js';

export function hashSeed(seed: number, label: string): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A valid coordinates-only CSV of about `bytes` bytes (never more), header included. */
export function coordinateCsv(bytes: number, random: () => number, tagPrefix = 't'): Buffer {
  const header = 'latitude,longitude,tag\r\n';
  const lines: string[] = [header];
  let size = header.length;
  for (let i = 0; ; i++) {
    const lat = (random() * 140 - 70).toFixed(3);
    const lon = (random() * 340 - 170).toFixed(3);
    const line = `${lat},${lon},${tagPrefix}${i}-${'x'.repeat(8 + Math.floor(random() * 24))}\r\n`;
    if (size + line.length > bytes) {
      // Pad the last tag so the file is exactly `bytes` long when there is room for a row.
      const room = bytes - size;
      const base = `${lat},${lon},${tagPrefix}${i}-`;
      if (room >= base.length + 3) lines.push(`${base}${'y'.repeat(room - base.length - 2)}\r\n`);
      break;
    }
    lines.push(line);
    size += line.length;
  }
  return Buffer.from(lines.join(''));
}
