import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * File access for the gzip-compressed catalogues under HAZRISK_SOURCES (names
 * in registry.ts). The files are small enough (< 10 MB compressed) to read whole.
 */
export function sourceFile(sourcesDir: string, folder: string, file: string): string {
  const full = path.join(sourcesDir, folder, file);
  if (!fs.existsSync(full)) throw new Error(`source file missing: ${full} (set HAZRISK_SOURCES to the catalogue folder)`);
  return full;
}

export function readGzipText(file: string): string {
  const raw = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8').replace(/^\uFEFF/, '');
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** CSV with a header row → one object per data row (header names trimmed). */
export function readCsvRecords(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readGzipText(file));
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i] ?? ''])));
}

/** A gzip CSV with its header: rows as string arrays and a by-name column lookup that fails loudly. */
export interface CsvTable {
  rows: string[][];
  column(name: string): number;
}

export function readCsvTable(file: string): CsvTable {
  const [header, ...rows] = parseCsv(readGzipText(file));
  const names = (header ?? []).map((h) => h.trim());
  return {
    rows,
    column(name: string): number {
      const at = names.indexOf(name);
      if (at < 0) throw new Error(`${file}: no column ${name}`);
      return at;
    },
  };
}
