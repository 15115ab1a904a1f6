import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { CellValue } from './cells.js';
import type { WorkbookWriter } from './writer.js';

/**
 * The streaming writer: exceljs's WorkbookWriter, each row committed (written
 * as XML into the zip) as soon as it is added.
 *
 * exceljs does not push back on its own: rows become XML faster than the zip
 * deflates them, and the whole uncompressed sheet then queues in memory
 * (measured: 1.5 GiB for 2.5 M rows, about 0.6 KiB a row). So drain() waits
 * while the zip entry's input queue holds more than QUEUE_BYTES; with it the
 * same 2.5 M rows take about 130 MiB and less time (bench/README.md). The
 * queue belongs to exceljs/archiver internals, so queuedBytes() probes it
 * defensively and a test fails if an upgrade moves it.
 */
const QUEUE_BYTES = 4 * 1024 * 1024;
const POLL_MS = 2;

type Sheet = ExcelJS.Worksheet;
interface StreamState {
  length?: number;
}
interface EntryStream {
  _writableState?: StreamState;
  _readableState?: StreamState;
}

/** Bytes rendered for the current sheet but not yet taken by the zip; null when the internals are not found. */
export function queuedBytes(sheet: Sheet): number | null {
  const stream = (sheet as unknown as { stream?: { pipes?: EntryStream[] } }).stream;
  const entry = stream?.pipes?.[0];
  if (typeof entry?._writableState?.length !== 'number' || typeof entry._readableState?.length !== 'number') return null;
  return entry._writableState.length + entry._readableState.length;
}

export class StreamingWriter implements WorkbookWriter {
  private readonly output: fs.WriteStream;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: Sheet | null = null;

  constructor(file: string) {
    this.output = fs.createWriteStream(file);
    // Shared strings: the few distinct texts (perils, units, dates, locations)
    // are stored once, which keeps the file small; numbers are not strings.
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: this.output, useSharedStrings: true, useStyles: false });
  }

  addSheet(name: string): void {
    this.sheet?.commit();
    this.sheet = this.workbook.addWorksheet(name);
  }

  addRow(values: readonly CellValue[]): void {
    if (!this.sheet) throw new Error('addRow before addSheet');
    this.sheet.addRow(values as CellValue[]).commit();
  }

  async drain(): Promise<void> {
    if (!this.sheet) return;
    let queued = queuedBytes(this.sheet);
    if (queued === null) {
      // Internals not found: still let the zip run between batches.
      await sleep(0);
      return;
    }
    while (queued !== null && queued > QUEUE_BYTES) {
      await sleep(POLL_MS);
      queued = queuedBytes(this.sheet);
    }
  }

  async finish(): Promise<void> {
    this.sheet?.commit();
    const closed = new Promise<void>((resolve, reject) => {
      this.output.once('close', resolve);
      this.output.once('error', reject);
    });
    // Handled here too, so an output error after a failed commit is not an unhandled rejection.
    closed.catch(() => {});
    await this.workbook.commit();
    await closed;
  }

  async abort(): Promise<void> {
    const zip = (this.workbook as unknown as { zip?: { abort?: () => void; on?: (event: string, listener: () => void) => void } }).zip;
    zip?.on?.('error', () => {});
    zip?.abort?.();
    this.output.destroy();
  }
}
