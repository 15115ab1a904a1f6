/**
 * What the byte paths of the reports (read/csv-bytes.ts, workbook/cells.ts,
 * workbook/xml-bytes.ts) share about plain decimals: the ASCII codes of their
 * characters, the significant digits a double keeps, and exact powers of ten.
 */
export const MINUS = 45;
export const DOT = 46;
export const ZERO = 48;
/** Up to 15 significant digits a decimal and its double determine each other (DBL_DIG). */
export const EXACT_DIGITS = 15;
/** Parsed, not computed: `10 ** k` need not be the exact double; 10^22 is the last exact power. */
export const POWERS_OF_TEN: readonly number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
