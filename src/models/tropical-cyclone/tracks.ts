/**
 * Public track API (stable): every storm of every source, normalised to one
 * shape, deduplicated across sources. The hazard build and the historic-events
 * work both read storms through readAllStorms.
 *
 * Sources and their wind conventions (all winds returned as 1-minute sustained kt):
 * - hurdat2: Atlantic (NA) and NE/Central Pacific (EP, CP), NHC, 1-min.
 * - jtwc-wp: West Pacific (WP), JTWC, 1-min.
 * - tc-north-indian: JTWC `bio` best tracks (NI), 1-min. The IMD 3-min set is not used
 *   (one consistent source per basin; JTWC has more storms ≥ 34 kt, 217 vs 163).
 * - tc-southern-hemisphere: JTWC SH (SI, SP), 1-min.
 * - ibtracs-sp: IBTrACS South Pacific; JTWC (usa) 1-min wind where present, else the WMO
 *   agency's 10-min wind ÷ 0.93.
 * Duplicates: a JTWC SH storm that IBTrACS SP also holds is returned once, as the IBTrACS
 * track under the JTWC id; JTWC WP fixes that repeat a NEPAC storm's fixes are dropped.
 */
import { matchDuplicates, trimSharedFixes } from './dedupe.js';
import { readHurdat2 } from './read-hurdat2.js';
import { readIbtracsSouthPacific } from './read-ibtracs.js';
import { readJtwcNorthIndian, readJtwcSouthernHemisphere, readJtwcWestPacific } from './read-jtwc.js';

export type Basin = 'NA' | 'EP' | 'CP' | 'WP' | 'NI' | 'SI' | 'SP';
/** Storm stage where the source reports one (null: the source gives none). */
export type Stage = 'tropical' | 'subtropical' | 'extratropical' | 'disturbance';
/** Nautical miles per quadrant. */
export type Quadrants = { ne: number; se: number; sw: number; nw: number };

export interface TrackFix {
  /** Epoch milliseconds, UTC. */
  time: number;
  lat: number;
  /** −180 … 180. */
  lon: number;
  vmaxKt: number | null;
  pressureHpa: number | null;
  rmwNm: number | null;
  r34: Quadrants | null;
  r50: Quadrants | null;
  r64: Quadrants | null;
  /** Extension to the contract: stage, used to keep extratropical remnants out of coverage. */
  stage: Stage | null;
}

export interface Storm {
  /** ATCF-style and stable (AL112017, EP…, CP…, WP011970, IO052019, SH011982); IBTrACS storms no JTWC file holds keep their IBTrACS sid. */
  id: string;
  name: string | null;
  basin: Basin;
  season: number;
  source: string;
  fixes: TrackFix[];
}

/** Every storm from every source, deduplicated, ordered by first fix time then id. */
export function readAllStorms(sourcesDir: string): Storm[] {
  const hurdat = readHurdat2(sourcesDir);
  const westPacific = trimSharedFixes(hurdat.filter((s) => s.basin === 'EP' || s.basin === 'CP'), readJtwcWestPacific(sourcesDir));
  const southern = matchDuplicates(readIbtracsSouthPacific(sourcesDir), readJtwcSouthernHemisphere(sourcesDir));
  return sortStorms([...hurdat, ...westPacific, ...readJtwcNorthIndian(sourcesDir), ...southern]);
}

export function sortStorms(storms: Storm[]): Storm[] {
  return storms
    .filter((s) => s.fixes.length > 0)
    .sort((a, b) => a.fixes[0]!.time - b.fixes[0]!.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A fix with only position, time and wind; the readers fill in what their source has. */
export function makeFix(time: number, lat: number, lon: number, vmaxKt: number | null, extra: Partial<TrackFix> = {}): TrackFix {
  return { time, lat, lon, vmaxKt, pressureHpa: null, rmwNm: null, r34: null, r50: null, r64: null, stage: null, ...extra };
}

/** Fixes in time order, one per time (the first kept). */
export function orderFixes(fixes: TrackFix[]): TrackFix[] {
  const sorted = fixes.slice().sort((a, b) => a.time - b.time);
  return sorted.filter((f, i) => i === 0 || f.time !== sorted[i - 1]!.time);
}
