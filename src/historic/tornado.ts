/**
 * Tornado events from the NOAA SPC tornado database: spc-tornado (1950–2022,
 * one row per whole track) and spc-severe-yearly 2023_torn (its `sg` = 1
 * rows: whole tracks; sg = 2 state segments and sg = −9 state summaries are
 * parts of those). external_id `SPC-<yr>-<om>`; om is unique within a year
 * except a handful of SPC rows, which keep their order with `-2`, `-3`
 * suffixes (exact duplicate rows are dropped). Ratings are F-scale before
 * February 2007 and EF after; a missing rating (SPC −9) has no size. A width
 * of 0 (unknown) is taken as 10 yards, SPC's usual entry for a narrow path,
 * and flagged `width_assumed`.
 */
import { spcTornadoTracks } from '../catalogues/spc.js';
import { dateFields, type HistoricEvent } from './event.js';
import { tornadoPath } from './tornado-path.js';
import { footprintBox } from './footprint-box.js';

const ASSUMED_WIDTH_YARDS = 10;
const EF_SCALE_FROM = '2007-02-01';

/** Tracks in time order, then external_id; footprints are drawn as the caller iterates. */
export function* tornadoEvents(sourcesDir: string): Generator<HistoricEvent> {
  const tracks: { row: Record<string, string>; externalId: string; source: string; time: string }[] = [];
  const seen = new Map<string, number>();
  const rows = new Set<string>();
  for (const { row, folder } of spcTornadoTracks(sourcesDir)) {
    const line = JSON.stringify(row);
    if (rows.has(line)) continue;
    rows.add(line);
    const key = `SPC-${Number(row.yr)}-${row.om!.trim()}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    tracks.push({ row, externalId: count === 1 ? key : `${key}-${count}`, source: folder, time: cstTime(row) });
  }
  tracks.sort((a, b) => compare(a.time, b.time) || compare(a.externalId, b.externalId));
  for (const t of tracks) {
    const event = tornadoEvent(t.row, t.externalId, t.source);
    if (event) yield event;
  }
}

function cstTime(row: Record<string, string>): string {
  return `${row.date!.trim()}T${row.time!.trim().padStart(8, '0')}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function tornadoEvent(r: Record<string, string>, externalId: string, source: string): HistoricEvent | null {
  const slat = Number(r.slat);
  const slon = Number(r.slon);
  if (!Number.isFinite(slat) || !Number.isFinite(slon) || (slat === 0 && slon === 0)) return null;
  const elat = Number(r.elat);
  const elon = Number(r.elon);
  const end = Number.isFinite(elat) && Number.isFinite(elon) && !(elat === 0 && elon === 0) ? [elon, elat] : null;
  const recordedWidth = Number(r.wid);
  const widthKnown = Number.isFinite(recordedWidth) && recordedWidth > 0;
  const path = tornadoPath([slon, slat], end, widthKnown ? recordedWidth : ASSUMED_WIDTH_YARDS);
  const date = r.date!.trim();
  const rating = r.mag?.trim() === '' || Number(r.mag) < 0 ? null : Number(r.mag);
  const scale = date < EF_SCALE_FROM ? 'F' : 'EF';
  const state = r.st!.trim();
  return {
    peril: 'Tornado',
    externalId,
    name: `${rating === null ? 'Tornado' : `${scale}${rating} tornado`}, ${state}, ${date}`,
    ...dateFields(date, date, Number(r.yr)),
    size: rating,
    source,
    properties: {
      rating_scale: scale,
      rating_estimated: ['TRUE', '1'].includes(r.fc?.trim() ?? ''),
      time_cst: cstTime(r),
      states: state,
      states_crossed: Number(r.ns) || 1,
      length_mi: Number(r.len) || 0,
      width_yd: widthKnown ? recordedWidth : null,
      injuries: Number(r.inj) || 0,
      fatalities: Number(r.fat) || 0,
      start: [slon, slat],
      end,
    },
    footprints: [
      {
        value: null,
        properties: {
          created_by: path.method === 'path' ? 'hazrisk:spc-path-buffer' : 'hazrisk:spc-start-point-buffer',
          buffer_m: Math.round(((widthKnown ? recordedWidth : ASSUMED_WIDTH_YARDS) * 0.9144) / 2),
          width_assumed: !widthKnown,
        },
        geometry: path.geometry,
      },
    ],
    pieces: [footprintBox(path.geometry)],
  };
}
