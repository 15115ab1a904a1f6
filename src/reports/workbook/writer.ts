import type { CellValue } from './cells.js';

/**
 * One interface over the two XLSX writers (docs/reports.md "Writers"):
 * xlsx-populate builds small workbooks in memory; our SpreadsheetML stream
 * writer (xlsx-stream-writer.ts) handles large ones in bounded memory. The
 * layout code drives either.
 */
export interface WorkbookWriter {
  /** Start the next worksheet; rows go to it until the next call. */
  addSheet(name: string): void;
  /** `values` is only lent for the call: the in-depth rows reuse one array (in-depth-rows.ts), so copy what you keep. */
  addRow(values: readonly CellValue[]): void;
  /** Resolves when the writer can take more rows (the streaming writer's back-pressure). */
  drain(): Promise<void>;
  /** Write the file and release everything. */
  finish(): Promise<void>;
  /** Give up: stop writing and release everything (the caller removes the file). */
  abort(): Promise<void>;
}

export type WriterKind = 'populate' | 'streaming';

export type OpenWriter = (file: string, kind: WriterKind) => WorkbookWriter;
