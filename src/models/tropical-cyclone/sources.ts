/**
 * Public track API (stable): every storm of every source, normalised to one
 * shape (track-types.ts), deduplicated across sources. The hazard build and
 * the historic events (src/historic/tropical-cyclone.ts) both read storms
 * through readAllStorms. One reader per catalogue format (read-*.ts).
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
import type { Storm } from './track-types.js';

/** Every storm from every source, deduplicated, ordered by first fix time then id. */
export function readAllStorms(sourcesDir: string): Storm[] {
  const hurdat = readHurdat2(sourcesDir);
  const westPacific = trimSharedFixes(hurdat.filter((s) => s.basin === 'EP' || s.basin === 'CP'), readJtwcWestPacific(sourcesDir));
  const southern = matchDuplicates(readIbtracsSouthPacific(sourcesDir), readJtwcSouthernHemisphere(sourcesDir));
  return sortStorms([...hurdat, ...westPacific, ...readJtwcNorthIndian(sourcesDir), ...southern]);
}

function sortStorms(storms: Storm[]): Storm[] {
  return storms
    .filter((s) => s.fixes.length > 0)
    .sort((a, b) => a.fixes[0]!.time - b.fixes[0]!.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
