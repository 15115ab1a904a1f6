import { DOT, EXACT_DIGITS, MINUS, POWERS_OF_TEN, ZERO } from '../decimal.js';

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

export function isNumericColumn(column: string): boolean {
  return NUMERIC_COLUMNS.has(column);
}

export function cellValue(column: string, text: string): CellValue {
  if (text === '') return null;
  if (NUMERIC_COLUMNS.has(column)) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return text;
}

/** Below 1e-6 String() switches to exponent notation, so "0.0000001" is not canonical. */
const MAX_LEADING_ZEROS = 5;

/**
 * cellValue's number test on the CSV bytes, without making the text: the
 * number when bytes[start, end) is certainly canonical, undefined when the
 * caller must decide with cellValue. Certain means plain decimal notation
 * (-?, an integer part without leading zeros, a fraction without trailing
 * zeros), at most 15 significant digits and at least 1e-6 (or exactly 0):
 * such a decimal is the shortest that round-trips its double, which is what
 * String() prints, and m / 10^k (both exact) is Number()'s correctly rounded
 * double. Everything else — exponents, more digits, "-0", "007" — goes to
 * cellValue.
 */
export function canonicalNumber(bytes: Uint8Array, start: number, end: number): number | undefined {
  let i = start;
  const negative = bytes[i] === MINUS;
  if (negative) i++;
  const integerStart = i;
  let mantissa = 0;
  let digits = 0;
  while (i < end && bytes[i]! - ZERO >>> 0 <= 9) {
    mantissa = mantissa * 10 + (bytes[i]! - ZERO);
    i++;
  }
  const integerDigits = i - integerStart;
  if (integerDigits === 0 || (integerDigits > 1 && bytes[integerStart] === ZERO)) return undefined;
  if (mantissa !== 0) digits = integerDigits;
  let fractionDigits = 0;
  if (i < end) {
    if (bytes[i] !== DOT) return undefined;
    i++;
    const fractionStart = i;
    while (i < end && bytes[i]! - ZERO >>> 0 <= 9) {
      const digit = bytes[i]! - ZERO;
      if (mantissa === 0 && digit === 0) {
        if (i - fractionStart >= MAX_LEADING_ZEROS) return undefined;
      } else digits++;
      mantissa = mantissa * 10 + digit;
      i++;
    }
    fractionDigits = i - fractionStart;
    if (i < end || fractionDigits === 0 || bytes[end - 1] === ZERO) return undefined;
  }
  if (digits > EXACT_DIGITS || (negative && mantissa === 0)) return undefined;
  const value = mantissa / POWERS_OF_TEN[fractionDigits]!;
  return negative ? -value : value;
}

/**
 * A string cell's text as OOXML stores it (ECMA-376 Part 1, 22.9.2.19
 * ST_Xstring): characters XML 1.0 forbids (C0 controls other than tab, LF and
 * CR; U+FFFE, U+FFFF) as `_xHHHH_`, and text that already reads as such an
 * escape with its underscore escaped (`_x005F_`), so Excel shows exactly the
 * original. Both workbook writers store strings through this; markup (&, <)
 * is the XML writer's business.
 */
export function ooxmlText(text: string): string {
  return text
    .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}
