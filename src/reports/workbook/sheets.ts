import type { CellValue } from './cells.js';
import type { WorkbookWriter } from './writer.js';

/**
 * Splits rows across numbered worksheets ("Results 1", "Results 2", …) at
 * the spreadsheet row limit (spec rule 4): every sheet starts with the header
 * row and holds at most `sheetRows` rows including it. A workbook with no
 * data rows still has one sheet with its header.
 */
export const SHEET_ROW_LIMIT = 1_048_576;
export const SHEET_BASE_NAME = 'Results';

export class SheetSplitter {
  private inSheet = 0;
  private sheets = 0;

  constructor(
    private readonly writer: WorkbookWriter,
    private readonly header: readonly string[],
    private readonly sheetRows: number = SHEET_ROW_LIMIT,
  ) {
    if (!Number.isInteger(sheetRows) || sheetRows < 2) throw new Error(`sheetRows must be at least 2 (a header and a row), got ${sheetRows}`);
  }

  add(values: readonly CellValue[]): void {
    if (this.sheets === 0 || this.inSheet >= this.sheetRows) this.startSheet();
    this.writer.addRow(values);
    this.inSheet++;
  }

  /** Sheets written so far (at least one once finished). */
  get sheetCount(): number {
    return this.sheets;
  }

  async finish(): Promise<void> {
    if (this.sheets === 0) this.startSheet();
    await this.writer.finish();
  }

  private startSheet(): void {
    this.sheets++;
    this.writer.addSheet(`${SHEET_BASE_NAME} ${this.sheets}`);
    this.writer.addRow(this.header);
    this.inSheet = 1;
  }
}

/** Data rows → total rows written, with a header on each sheet. */
export function rowsWithHeaders(dataRows: number, sheetRows: number = SHEET_ROW_LIMIT): number {
  return dataRows + Math.max(1, Math.ceil(dataRows / (sheetRows - 1)));
}
