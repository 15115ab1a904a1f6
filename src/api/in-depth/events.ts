import { validationError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import { addOneYear, formatIsoDate, londonToday, parseIsoDate } from '../../engine/calendar.js';
import type { CurveWindow } from '../../engine/curve-window.js';
import { missingLocationField } from '../../geo/index.js';
import type { EventInput } from './schema.js';

/**
 * Events after the spec's defaults and rules (docs/api.md "Events"): indices
 * assigned and unique, a location or both coordinates, dates parsed with their
 * mode's defaults, hours ordered. Every rejection is a 422 naming the field.
 */
export interface NormalizedEvent extends CurveWindow {
  index: number;
  tag: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** v2: tomorrow for a policy year; daily and expanding: today (UK civil time). */
export type DateDefaults = 'policy_year' | 'today';

export function normalizeEvents(events: readonly EventInput[], defaults: DateDefaults, nowMs: number): NormalizedEvent[] {
  const indices = assignIndices(events);
  return events.map((e, i) => normalizeEvent(e, indices[i]!, `events[${i}].`, defaults, nowMs));
}

/** One event after the rules above; `at` prefixes the fields errors name (`events[2].`, or '' for a bare body). */
export function normalizeEvent(e: EventInput, index: number, at: string, defaults: DateDefaults, nowMs: number): NormalizedEvent {
  const today = londonToday(nowMs);
  const location = e.location?.trim() ? e.location.trim() : null;
  const latitude = e.latitude ?? null;
  const longitude = e.longitude ?? null;
  const missing = missingLocationField({ location: location !== null, latitude: latitude !== null, longitude: longitude !== null });
  if (missing) throw validationError(`${at}${missing}`, 'a location is required unless both latitude and longitude are given');
  const startDay = e.start_date !== undefined ? date(e.start_date, `${at}start_date`) : defaults === 'policy_year' ? today + 1 : today;
  // Spec: v2 ends a year after its start; daily and expanding end today, which a start after today passes.
  const endDay = e.end_date !== undefined ? date(e.end_date, `${at}end_date`) : defaults === 'policy_year' ? addOneYear(startDay) - 1 : today;
  if (e.end_date === undefined && endDay < startDay) {
    throw validationError(`${at}end_date`, `required when start_date (${formatIsoDate(startDay)}) is after today (${formatIsoDate(today)}), the default end_date`);
  }
  if (endDay < startDay) throw validationError(`${at}end_date`, 'must be on or after start_date');
  if (endDay - startDay + 1 > LIMITS.maxWindowDays) throw validationError(`${at}end_date`, `the window may span at most ${LIMITS.maxWindowDays} days`);
  const startHour = e.start_hour ?? LIMITS.hourMin;
  const endHour = e.end_hour ?? LIMITS.hourMax;
  if (endHour < startHour) throw validationError(`${at}end_hour`, 'must be greater than or equal to start_hour');
  return { index, tag: e.tag ?? null, location, latitude, longitude, startDay, endDay, startHour, endHour };
}

/** Explicit indices kept; the rest numbered from 0, skipping explicit ones. Duplicates → 422. */
function assignIndices(events: readonly EventInput[]): number[] {
  const firstUse = new Map<number, number>();
  events.forEach((e, i) => {
    if (e.index === undefined) return;
    const earlier = firstUse.get(e.index);
    if (earlier !== undefined) throw validationError(`events[${i}].index`, `duplicate index ${e.index} (also used by events[${earlier}])`);
    firstUse.set(e.index, i);
  });
  let next = 0;
  return events.map((e) => {
    if (e.index !== undefined) return e.index;
    while (firstUse.has(next)) next++;
    return next++;
  });
}

function date(text: string, field: string): number {
  const day = parseIsoDate(text);
  if (day === null) throw validationError(field, 'must be an ISO date YYYY-MM-DD');
  const year = Number(text.slice(0, 4));
  if (year < LIMITS.minYear || year > LIMITS.maxYear) throw validationError(field, `the year must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`);
  return day;
}
