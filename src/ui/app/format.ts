import { RETURN_PERIOD_CAP_YEARS } from '../../engine/formulas.js';

/** Display formats: one place for dates, numbers and the signed links' expiry. */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function dateTime(iso: string | number): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : DATE_TIME.format(date);
}

/** A count the service may not know yet (a schedule's rows), with thousands separators. */
export function count(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('en-GB');
}

/** Probabilities arrive as percentages (0–100, six significant digits). */
export function percent(value: number): string {
  if (value === 0) return '0 %';
  if (value >= 10) return `${value.toFixed(1)} %`;
  return `${Number(value.toPrecision(3))} %`;
}

/** A breakdown's share (0–1) as a percentage to one decimal; a share too small to show so is "< 0.1 %". */
export function share(value: number): string {
  if (value === 0) return '0 %';
  const pc = value * 100;
  return pc < 0.05 ? '< 0.1 %' : `${pc.toFixed(1)} %`;
}

const SUPERSCRIPT: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

/** 10ⁿ as text: the exponent in superscript digits. */
export function powerOfTen(exponent: number): string {
  return `10${[...String(exponent)].map((c) => SUPERSCRIPT[c]).join('')}`;
}

/** An annual rate (events, or days, a year) to three significant digits; below 0.001 as m × 10⁻ⁿ. */
export function rate(value: number): string {
  if (value === 0) return '0';
  if (value >= 0.001) return value.toLocaleString('en-GB', { maximumSignificantDigits: 3 });
  const [mantissa, exponent] = value.toExponential(2).split('e');
  return `${Number(mantissa)} × ${powerOfTen(Number(exponent))}`;
}

export function years(value: number): string {
  if (value >= RETURN_PERIOD_CAP_YEARS) return `≥ ${RETURN_PERIOD_CAP_YEARS.toLocaleString('en-GB')} years`;
  const rounded = Math.round(value);
  return `${rounded.toLocaleString('en-GB')} ${rounded === 1 ? 'year' : 'years'}`;
}

export function threshold(value: string | number, unit: string): string {
  return typeof value === 'number' ? `${value} ${unit}` : value;
}

/**
 * When a signed download link stops working: its `expires` parameter is
 * milliseconds since the epoch (docs/batch.md "Downloads").
 */
export function linkExpiry(url: string): Date | null {
  try {
    const expires = new URL(url, window.location.href).searchParams.get('expires');
    if (!expires || !/^\d+$/.test(expires)) return null;
    return new Date(Number(expires));
  } catch {
    return null;
  }
}

/** The public part of a key (hzr_<id>_…), never the secret. */
export function keyLabel(key: string): string {
  const match = /^(hzr_[0-9a-f]{12})_/.exec(key);
  return match ? `${match[1]}_…` : 'API key';
}

export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 14)}…` : id;
}
