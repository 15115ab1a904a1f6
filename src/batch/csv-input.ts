import { LIMITS } from '../limits.js';
import { parseIsoDate } from '../engine/calendar.js';
import { missingLocationField } from '../geo/index.js';

/**
 * The batch CSV row rules (spec "Batch CSV input", docs/batch.md): one raw CSV
 * record in, a typed row or the row-level errors out. Upload validation and
 * the worker read rows through here only.
 */
export const INPUT_COLUMNS = ['index', 'location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour'] as const;
export type InputColumn = (typeof INPUT_COLUMNS)[number];

export type RowError = {
  row: number;
  column: string;
  message: string;
};

/** A validated row as stored for the worker (index assigned later, file-wide). */
export interface BatchRow {
  /** 1-based data row number in the uploaded file. */
  row: number;
  index: number | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  tag: string | null;
  start_date: string | null;
  end_date: string | null;
  start_hour: number | null;
  end_hour: number | null;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+]?\d+$/;

/** Header names are trimmed and lower-cased; a byte-order mark on the first is dropped. */
export function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().toLowerCase();
}

/**
 * Parse one record. `todayDay` (epoch day of the upload) bounds rows that give
 * only an end_date: their start defaults to the (later) submission date.
 */
export function parseRecord(record: Record<string, string>, row: number, todayDay: number): { value: BatchRow | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (column: string, message: string): null => {
    errors.push({ row, column, message });
    return null;
  };
  const text = (column: InputColumn): string | null => {
    const raw = (record[column] ?? '').trim();
    if (raw === '') return null;
    if (raw.length > LIMITS.maxTextLength) return fail(column, `at most ${LIMITS.maxTextLength} characters`);
    return raw;
  };
  const number = (column: 'latitude' | 'longitude', limit: number): number | null => {
    const raw = (record[column] ?? '').trim();
    if (raw === '') return null;
    if (!NUMBER.test(raw)) return fail(column, `"${raw.slice(0, 40)}" is not a number`);
    const value = Number(raw);
    return Math.abs(value) > limit ? fail(column, `must be between -${limit} and ${limit}`) : value;
  };
  const integer = (column: 'index' | 'start_hour' | 'end_hour', min: number, max: number): number | null => {
    const raw = (record[column] ?? '').trim();
    if (raw === '') return null;
    const value = Number(raw);
    if (!INTEGER.test(raw) || value < min || value > max) return fail(column, `must be an integer from ${min} to ${max}`);
    return value;
  };
  const date = (column: 'start_date' | 'end_date'): { text: string; day: number } | null => {
    const raw = (record[column] ?? '').trim();
    if (raw === '') return null;
    const day = parseIsoDate(raw);
    const year = Number(raw.slice(0, 4));
    if (day === null) return fail(column, `"${raw.slice(0, 40)}" is not an ISO date YYYY-MM-DD`);
    if (year < LIMITS.minYear || year > LIMITS.maxYear) return fail(column, `the year must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`);
    return { text: raw, day };
  };

  const index = integer('index', 0, Number.MAX_SAFE_INTEGER);
  const location = text('location');
  const tag = text('tag');
  const latitude = number('latitude', 90);
  const longitude = number('longitude', 180);
  const start = date('start_date');
  const end = date('end_date');
  const startHour = integer('start_hour', LIMITS.hourMin, LIMITS.hourMax);
  const endHour = integer('end_hour', LIMITS.hourMin, LIMITS.hourMax);

  const latGiven = (record.latitude ?? '').trim() !== '';
  const lonGiven = (record.longitude ?? '').trim() !== '';
  const missing = missingLocationField({ location: location !== null, latitude: latGiven, longitude: lonGiven });
  if (missing === 'location') fail('location', 'a location, or both latitude and longitude, is required');
  else if (missing) fail(missing, 'both coordinates are needed when no location is given');
  if (start && end && end.day < start.day) fail('end_date', 'must be on or after start_date');
  if (!start && end && end.day < todayDay) fail('end_date', 'is before today, the earliest default start_date (the submission date)');
  if (start && end && end.day - start.day + 1 > LIMITS.maxWindowDays) fail('end_date', `the window may span at most ${LIMITS.maxWindowDays} days`);
  if ((endHour ?? LIMITS.hourMax) < (startHour ?? LIMITS.hourMin)) fail('end_hour', 'must be greater than or equal to start_hour');

  if (errors.length > 0) return { value: null, errors };
  return {
    value: {
      row,
      index,
      location,
      latitude: latGiven && lonGiven ? latitude : null,
      longitude: latGiven && lonGiven ? longitude : null,
      tag,
      start_date: start?.text ?? null,
      end_date: end?.text ?? null,
      start_hour: startHour,
      end_hour: endHour,
    },
    errors,
  };
}

/** File-level header check: some way to locate each row must exist. */
export function checkHeaders(headers: readonly string[]): RowError[] {
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const h of headers) {
    if ((INPUT_COLUMNS as readonly string[]).includes(h) && seen.has(h)) errors.push({ row: 0, column: h, message: `column "${h}" appears twice` });
    seen.add(h);
  }
  if (!seen.has('location') && !(seen.has('latitude') && seen.has('longitude'))) {
    errors.push({ row: 0, column: 'location', message: 'the header needs a location column, or latitude and longitude columns' });
  }
  return errors;
}
