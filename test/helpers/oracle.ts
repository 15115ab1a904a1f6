/**
 * A second implementation of the published numbers, written from the spec and
 * docs/methods.md, docs/lite.md rather than imported from src/, so the API and
 * batch tests do not check the service against itself:
 *   - probability in percent, six significant digits (JavaScript's toPrecision);
 *   - return period T = years / −ln(1 − p), capped at 10^6 years, where years =
 *     days × covered hours / 24 / 365.25; integer half up and at least 1, or
 *     six significant digits for daily mode;
 *   - the spec's band table and docs/lite.md's percentile table, as literals.
 */
const CAP_YEARS = 1e6;

export function percentOf(p: number): number {
  return p === 0 ? 0 : Number((p * 100).toPrecision(6));
}

export function yearsOf(days: number, startHour = 0, endHour = 23): number {
  return (days * (endHour - startHour + 1)) / 24 / 365.25;
}

export function returnPeriodOf(p: number, years: number): number {
  if (p <= 0) return CAP_YEARS;
  return Math.min(CAP_YEARS, years / -Math.log1p(-p));
}

/** A number as the results CSV writes it: plain decimal, never an exponent (docs/batch.md "Numbers"), by moving the point in the digit string. */
export function decimalText(x: number): string {
  const [mantissa, exp] = String(x).split('e');
  if (exp === undefined) return mantissa!;
  const digits = mantissa!.replace('.', '').replace('-', '');
  const point = (mantissa!.split('.')[0]!.replace('-', '')).length + Number(exp);
  const sign = x < 0 ? '-' : '';
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits.padEnd(point, '0')}`;
}

/** v2, batch and Lite: whole years, half up, never below 1. */
export function wholeYears(p: number, years: number): number {
  return Math.max(1, Math.floor(returnPeriodOf(p, years) + 0.5));
}

/** Daily mode: six significant digits. */
export function decimalYears(p: number, years: number): number {
  return Number(returnPeriodOf(p, years).toPrecision(6));
}

/** Spec "Bands": 1-10 Extreme, 11-25 Severe, 26-50 Moderate, 51-100 Low, 101-250 Remote, 251 and longer Negligible. */
export function bandOfScore(score: number): string {
  if (score <= 10) return 'Extreme';
  if (score <= 25) return 'Severe';
  if (score <= 50) return 'Moderate';
  if (score <= 100) return 'Low';
  if (score <= 250) return 'Remote';
  return 'Negligible';
}

/** docs/lite.md: ≥ 99 Extreme, 95–99 Severe, 85–95 Moderate, 70–85 Low, 50–70 Remote, < 50 Negligible. */
export function bandOfPercentile(rank: number): string {
  if (rank >= 99) return 'Extreme';
  if (rank >= 95) return 'Severe';
  if (rank >= 85) return 'Moderate';
  if (rank >= 70) return 'Low';
  if (rank >= 50) return 'Remote';
  return 'Negligible';
}

/** docs/lite.md colours, as literals. */
export const BAND_COLOURS: Record<string, string> = {
  Extreme: '#b2182b',
  Severe: '#e34a33',
  Moderate: '#fc8d59',
  Low: '#fdcc8a',
  Remote: '#91bfdb',
  Negligible: '#4575b4',
};
