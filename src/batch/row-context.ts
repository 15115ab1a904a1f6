import { LIMITS } from '../limits.js';
import { addOneYear, formatIsoDate, parseIsoDate } from '../engine/calendar.js';
import type { CurveWindow } from '../engine/curve-window.js';
import { resolveLocation, type Geocoder } from '../geo/index.js';
import type { BatchRow } from './csv-input.js';
import { cell, textCell } from './csv-output.js';

/**
 * A batch row with its defaults filled in (start_date = submission date,
 * end_date = start + 1 year − 1 day, hours 0/23) and its location resolved —
 * or the reason it cannot be scored. Also renders the echoed leading columns.
 */
export interface RowContext extends CurveWindow {
  row: BatchRow;
  index: number;
  latitude: number | null;
  longitude: number | null;
  country: string | null;
  failure: { stage: 'geocoding' | 'model_execution'; error: string } | null;
  /** index … end_hour, already CSV-encoded, each followed by a comma. */
  leading: string;
}

export function rowContexts(rows: readonly BatchRow[], geocoder: Geocoder, submissionDay: number): RowContext[] {
  return rows.map((row) => {
    const startDay = row.start_date ? parseIsoDate(row.start_date)! : submissionDay;
    const endDay = row.end_date ? parseIsoDate(row.end_date)! : addOneYear(startDay) - 1;
    const startHour = row.start_hour ?? LIMITS.hourMin;
    const endHour = row.end_hour ?? LIMITS.hourMax;
    let failure: RowContext['failure'] = null;
    let latitude = row.latitude;
    let longitude = row.longitude;
    let country: string | null = null;
    if (endDay < startDay) failure = { stage: 'model_execution', error: `end_date ${row.end_date} is before the default start_date ${formatIsoDate(startDay)} (the submission date)` };
    else if (endDay - startDay + 1 > LIMITS.maxWindowDays) failure = { stage: 'model_execution', error: `the window may span at most ${LIMITS.maxWindowDays} days` };
    else {
      const resolved = resolveLocation(geocoder, row);
      if (!resolved.ok) failure = { stage: 'geocoding', error: resolved.error };
      else {
        latitude = resolved.latitude;
        longitude = resolved.longitude;
        country = resolved.match?.country ?? geocoder.countryAt(latitude, longitude);
      }
    }
    const index = row.index!;
    const leading =
      [cell(index), textCell(row.location), cell(latitude), cell(longitude), textCell(row.tag), cell(formatIsoDate(startDay)), cell(formatIsoDate(endDay)), cell(startHour), cell(endHour)].join(',') + ',';
    return { row, index, startDay, endDay, startHour, endHour, latitude, longitude, country, failure, leading };
  });
}
