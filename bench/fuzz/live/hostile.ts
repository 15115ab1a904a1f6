/**
 * Hostile-but-valid schedule text for the output checks: what a real
 * spreadsheet export can hold in a location or a tag, and what breaks the
 * formats the service writes it into — control characters (C0 and C1, NUL, DEL,
 * VT, ESC), XML-invalid noncharacters (U+FFFE, U+FFFF), quotes and commas,
 * formula triggers (`=cmd`, `-1001`, `+44`, `@SUM`), markup and references
 * (`<script>`, `]]>`, `&#1;`, `_x0041_` — the OOXML escape), bidi controls,
 * combining marks, astral characters, and text at the 500-character limit.
 * Every value is valid UTF-8, has no edge whitespace (the service trims cells)
 * and fits the limit, so the upload must accept it — unless the service
 * refuses a character on purpose, naming the row (the stage then drops the row
 * and says so).
 */
import { rng } from './context.js';

export const ATOMS: readonly string[] = [
  // control characters, one by one and mixed into words
  'a\u0000b', 'x\u0001y', '\u0002', 'v\u000bt', 'f\u000cf', 'esc\u001b[31m', '\u001f', 'n\u0085l', 'c1\u0080\u009f', 'del\u007f',
  'tab\tin', 'line\nbreak', 'cr\rlf', 'crlf\r\nin',
  // XML-invalid noncharacters and specials
  'nc\ufffe', 'nc\uffff', '\ufdd0', 'bom\ufeffin', 'ls\u2028ps\u2029',
  // quotes and separators
  '"', '""', 'say "hi"', "it's", 'a,b', '6" main', ',;\t|',
  // formula triggers (at the start of the text they are neutralised with a leading apostrophe, unless the text is only numbers)
  '=cmd|\' /C calc\'!A0', '-1001', '+44 20 7946 0000', '@SUM(A1:A2)', '=HYPERLINK("http://example.com","x")', '=1+1', '-', '+', '=',
  // markup, references, OOXML escapes
  '<b>bold</b>', '</script><script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '<!--', '-->', ']]>', '<![CDATA[x]]>', '&amp;', '&#1;', '&#x0;', '&lt;', '_x0041_', '_x005F_', '_x000D_', '<?xml version="1.0"?>',
  // unicode
  'São Paulo', '東京', 'Zürich', 'Reykjavík', 'مرحبا', '\u202eevil', 'e\u0301', '🏳️‍🌈', '𝕏𝕐', 'Ω≈ç√', '\u200b', 'ǅ',
];

export const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is only signed decimals separated by commas, semicolons or spaces: echoed unguarded. */
const ONLY_NUMBERS = /^[+-]?(\d+\.?\d*|\.\d+)([,; ]+[+-]?(\d+\.?\d*|\.\d+))*$/;

/** What the results CSV must echo for a text the upload accepted (docs/batch.md "Formula injection"). */
export function echoed(text: string): string {
  return FORMULA_START.test(text) && !ONLY_NUMBERS.test(text) ? `'${text}` : text;
}

/** The text a spreadsheet cell would get: trimmed as the service trims. */
function tidy(text: string, fallback: string): string {
  const t = text.trim();
  return t === '' ? fallback : t;
}

export function hostileText(random: () => number, long: boolean): string {
  if (long) {
    let s = '';
    while (s.length < 520) s += ATOMS[Math.floor(random() * ATOMS.length)]! + (random() < 0.5 ? ' ' : '');
    // Exactly at the limit (500 UTF-16 units, the service's measure), without splitting a surrogate pair.
    let cut = s.slice(0, 500);
    if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
    return tidy(cut, 'long');
  }
  const n = 1 + Math.floor(random() * 3);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(ATOMS[Math.floor(random() * ATOMS.length)]!);
  return tidy(parts.join(random() < 0.5 ? ' ' : ''), 'x');
}

export interface HostileRow {
  location: string;
  latitude: string;
  longitude: string;
  tag: string;
}

/** `count` rows: hostile location and tag, coordinates given (so the rows compute whatever the location says). */
export function hostileRows(seed: number, count: number): HostileRow[] {
  const random = rng(seed);
  const rows: HostileRow[] = [];
  for (let i = 0; i < count; i++) {
    // Every atom appears at least once in the first rows, then random mixes; every 17th row is long.
    const location = i < ATOMS.length ? tidy(ATOMS[i]!, 'x') : hostileText(random, i % 17 === 5);
    const tag = i < ATOMS.length ? hostileText(random, false) : random() < 0.15 ? '' : hostileText(random, i % 17 === 11);
    rows.push({ location, latitude: (random() * 70 - 35).toFixed(3), longitude: (random() * 340 - 170).toFixed(3), tag });
  }
  return rows;
}

/** RFC 4180: every text field quoted, quotes doubled; CRLF line ends. */
export function hostileCsv(rows: readonly HostileRow[]): Buffer {
  const q = (s: string): string => `"${s.replace(/"/g, '""')}"`;
  return Buffer.from(`location,latitude,longitude,tag\r\n${rows.map((r) => `${q(r.location)},${r.latitude},${r.longitude},${r.tag === '' ? '' : q(r.tag)}`).join('\r\n')}\r\n`, 'utf8');
}

export interface QuoteProbe {
  csv: Buffer;
  rows: HostileRow[];
  /** 1-based data rows that carry a stray quote in an unquoted field. */
  stray: number[];
}

/**
 * Rows with a `"` inside an unquoted field (`Paris,…,6" main`): not RFC 4180,
 * and a lenient reader opens a quoted run there and swallows the rows after
 * it. The service may refuse such a row (naming it) or take the quote
 * literally; anything else — rows merged or lost, text changed — is a finding.
 */
export function quoteProbe(seed: number): QuoteProbe {
  const random = rng(seed);
  const places: [string, string, string][] = [['Paris', '48.857', '2.352'], ['Lyon', '45.764', '4.836'], ['Nice', '43.710', '7.262'], ['Rome', '41.903', '12.496'], ['Oslo', '59.914', '10.752'], ['Lima', '-12.046', '-77.043']];
  const strays = ['6" main', '12" pipe', 'a"b', 'x""y', '5" Avenue', 'end"'];
  const rows: HostileRow[] = [];
  const lines: string[] = ['location,latitude,longitude,tag'];
  const stray: number[] = [];
  for (let i = 0; i < 6; i++) {
    const [place, lat, lon] = places[i]!;
    const where = i === 0 || i === 3 ? (random() < 0.5 ? 'tag' : 'location') : null;
    const text = strays[Math.floor(random() * strays.length)]!;
    const row: HostileRow = { location: where === 'location' ? `${place} ${text}` : place, latitude: lat, longitude: lon, tag: where === 'tag' ? text : `row${i + 1}` };
    if (where) stray.push(i + 1);
    rows.push(row);
    lines.push(`${row.location},${row.latitude},${row.longitude},${row.tag}`);
  }
  return { csv: Buffer.from(`${lines.join('\r\n')}\r\n`), rows, stray };
}
