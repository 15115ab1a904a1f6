/**
 * CSV cell text → workbook cell value (docs/reports.md "Workbook"): the
 * workbook holds exactly the CSV's values. A cell of a numeric column whose
 * text is the canonical form of a finite number becomes a numeric cell with
 * that number (it reads back as the same text); every other non-empty cell is
 * a string cell with the CSV text unchanged — dates stay ISO text, and echoed
 * text that the CSV guarded with a leading apostrophe keeps it. Empty cells
 * stay empty. No cell is ever a formula.
 */
export type CellValue = string | number | null;

/** The results CSV columns that hold numbers (threshold only for numeric thresholds). */
const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['index', 'latitude', 'longitude', 'start_hour', 'end_hour', 'threshold', 'probability', 'return_period', 'score']);

export function cellValue(column: string, text: string): CellValue {
  if (text === '') return null;
  if (NUMERIC_COLUMNS.has(column)) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return text;
}
