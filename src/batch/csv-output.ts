/**
 * Results CSV writing (docs/batch.md "Results CSV"): RFC 4180 quoting, and a
 * guard against formula injection — echoed text that a spreadsheet would run
 * (leading =, +, -, @, tab or carriage return) is prefixed with an apostrophe,
 * unless it is only numbers: a tag `-1001`, a phone `+44 20 7946 0958` or
 * coordinates `-33.8688, -151.2093` hold no reference or function call, and
 * clients join results to their input by such values, so they are echoed as sent.
 */
export const IN_DEPTH_HEADER = ['index', 'location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour', 'peril', 'unit', 'threshold', 'probability', 'return_period', 'status'] as const;
export const LITE_HEADER = ['index', 'location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour', 'peril', 'score', 'band', 'score_colour', 'status'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Signed decimal numbers, one or more, separated by commas, semicolons or spaces. */
const ONLY_NUMBERS = /^[+-]?(\d+\.?\d*|\.\d+)([,; ]+[+-]?(\d+\.?\d*|\.\d+))*$/;

/** Echoed user text (location, tag): neutralised, then quoted as needed. */
export function textCell(value: string | null): string {
  if (value === null) return '';
  return quote(FORMULA_START.test(value) && !ONLY_NUMBERS.test(value) ? `'${value}` : value);
}

/** Values we produce (numbers, dates, names): only quoted when needed. */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : quote(value);
}

/**
 * A probability (percent, six significant digits) in plain decimal notation,
 * never an exponent (docs/batch.md "Numbers"): 1.50221e-12 → 0.00000000000150221.
 */
export function decimalCell(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  return value.toFixed(Math.min(100, Math.max(0, 5 - exponent))).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
