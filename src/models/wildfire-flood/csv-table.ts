import { parseCsv, readGzipText } from '../../catalogues/files.js';

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
