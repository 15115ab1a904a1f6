import XlsxPopulate from 'xlsx-populate';
import { ooxmlText, type CellValue } from './cells.js';
import type { WorkbookWriter } from './writer.js';

/**
 * The xlsx-populate writer: rows are held in memory and the workbook is
 * built at finish. Used for small workbooks only: its time and memory grow
 * several times faster per row than the streaming writer's, and it fails on
 * a full 1,048,576-row sheet (bench/README.md "Reports and workbooks").
 */
export class PopulateWriter implements WorkbookWriter {
  private sheets: { name: string; rows: CellValue[][] }[] = [];

  constructor(private readonly file: string) {}

  addSheet(name: string): void {
    this.sheets.push({ name, rows: [] });
  }

  addRow(values: readonly CellValue[]): void {
    const sheet = this.sheets[this.sheets.length - 1];
    if (!sheet) throw new Error('addRow before addSheet');
    // xlsx-populate escapes markup but writes control characters raw, which makes the XML ill-formed.
    sheet.rows.push(values.map((v) => (typeof v === 'string' ? ooxmlText(v) : v)));
  }

  async drain(): Promise<void> {}

  async finish(): Promise<void> {
    const workbook = await XlsxPopulate.fromBlankAsync();
    this.sheets.forEach((sheet, i) => {
      const target = i === 0 ? workbook.sheet(0).name(sheet.name) : workbook.addSheet(sheet.name);
      // value() with a 2-D array sets each cell: numbers as numbers, strings as
      // strings (never formulas: those are set only through formula()), null as empty.
      if (sheet.rows.length > 0) target.cell('A1').value(sheet.rows);
    });
    this.sheets = [];
    await workbook.toFileAsync(this.file);
  }

  async abort(): Promise<void> {
    this.sheets = [];
  }
}
