import { readElevation } from '../../catalogues/etopo.js';
import { readCruVariable } from '../../catalogues/cru.js';
import { civilFromDays } from '../../engine/calendar.js';
import { cellCentre } from '../../engine/grid.js';
import { perilDef } from '../../engine/perils.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import type { DailyTable, RateTable } from '../../engine/table-spec.js';
import { countryGrid } from '../toolkit/country-grid.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { assembleRateTable, stackProfiles, uniformProfile } from '../toolkit/rate-table.js';
import { populationGrid } from '../toolkit/population-grid.js';
import { landCover } from '../toolkit/world-atlas.js';
import { defendedShareGrid } from './defended-share.js';
import { eventRates } from './events.js';
import { floodplain } from './hand.js';
import { floodMeta } from './meta.js';
import { FLOOD } from './parameters.js';
import { calibratePluvial, heavyRainDays, pluvialDepthShare, pluvialExposure } from './pluvial.js';
import { protectionGrid } from './protection.js';
import { floodSeasons } from './season.js';
import { readFloodArchive, readWaterPaths, type FloodEvent } from './sources.js';
import { calibrateFilledShare, riverRate } from './stage.js';
import { DAYS_PER_YEAR } from '../../units.js';

/**
 * The FloodLivePlus table: per 0.5° cell and depth threshold d the annual rate
 *
 *   λ(d) = p · Σ_s λ_s · o_s · a · F(stage'_s − d) + (1 − p) · Σ_s λ_s · a · F(stage_s − d) + λ_pluvial(d),
 *
 * λ_s the rate of DFO large floods of severity class s whose affected region
 * covers the cell (events.ts), p the share of the cell's flood-prone land
 * behind its protection standard (defended-share.ts), o_s the share of those
 * floods that overtop the standard and stage'_s their stage (protection.ts,
 * stage.ts), stage_s the undefended stage above the drainage, F(h) the share of the cell's land whose height above the
 * nearest drainage is at most h (hand.ts), a the share of that low land a flood
 * fills (calibrated on Tellman et al. 2021), and λ_pluvial the heavy-rain and
 * flash-flood term (pluvial.ts).
 * Method: docs/models/flood-live-plus.md.
 */
export interface FloodBuild {
  table: RateTable;
  recordYears: number;
  events: number;
  /** Mean inundated share of an affected region (Tellman et al. 2021) and the share of low land a flood fills to give it. */
  inundatedShare: number;
  filledShare: number;
  /** Pluvial calibration constant c (per heavy-rain day, per unit slope factor). */
  pluvialScale: number;
  /** Per cell: protection standard (years), defended share p and the affected-region event counts (all classes). */
  protection: Float64Array;
  defendedShare: Float64Array;
  eventCounts: Float64Array;
}

/**
 * Mean inundated share of a DFO affected region, from Tellman et al. (2021) and
 * the archive's mean area in their years (all years if none fall in them).
 */
export function inundatedShare(events: readonly FloodEvent[]): number {
  const [first, last] = FLOOD.tellman.years;
  const inWindow = events.filter((e) => {
    const year = civilFromDays(e.day).year;
    return year >= first && year <= last;
  });
  const basis = inWindow.length > 0 ? inWindow : events;
  const meanArea = basis.reduce((s, e) => s + e.areaKm2, 0) / basis.length;
  return FLOOD.tellman.inundatedKm2 / FLOOD.tellman.events / meanArea;
}

export function buildFlood(sourcesDir: string, rain: DailyTable, progress: (fraction: number, label: string) => void): FloodBuild {
  progress(0, 'land and climate');
  const masks = landCover();
  const pre = readCruVariable(sourcesDir, 'pre').values;
  const countries = countryGrid();
  progress(0.1, 'flood events');
  const archive = readFloodArchive(sourcesDir);
  const years = (archive.lastDay - archive.firstDay + 1) / DAYS_PER_YEAR;
  // Land is a CRU cell or a cell a country covers most of (the world-atlas land rings that jump the antimeridian mark whole latitude lines as land).
  const covered = (c: number): boolean => cellCentre(GRID, c).latitude > FLOOD.southernLimitDeg && (Number.isFinite(pre[c * 12]!) || countries.countryOf[c]! >= 0);
  const landKm2 = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) if (covered(c)) landKm2[c] = Math.max(masks.land[c]!, 0.01) * cellAreaKm2(c);
  const rates = eventRates(archive.events, years, landKm2, FLOOD.priorYears, FLOOD.regionalSigmaKm);

  progress(0.3, 'terrain and rivers');
  const plain = floodplain(readElevation(sourcesDir), readWaterPaths(sourcesDir), masks.coastRings, masks.landSpans, covered);
  progress(0.6, 'flood extent');
  const share = inundatedShare(archive.events);
  const filled = calibrateFilledShare(plain, rates.counts.map((n) => n.map((v, c) => v * landKm2[c]!)), share);
  const protection = protectionGrid(countries);
  const defended = defendedShareGrid(populationGrid(), landKm2, countries, protection.wholeArea);
  const heavyDays = heavyRainDays(rain);
  const pluvialScale = calibratePluvial(heavyDays, plain.gradient, masks.land, countries);

  progress(0.75, 'flood table');
  const thresholds = perilDef('FloodLivePlus').thresholds as number[];
  const k = thresholds.length;
  const cellRates = new Float64Array(CELLS * k).fill(NaN);
  const eventCounts = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (!covered(c)) continue;
    eventCounts[c] = rates.counts.reduce((s, n) => s + n[c]!, 0);
    const classRates = rates.rates.map((r) => r[c]!);
    const pluvial = pluvialScale * pluvialExposure(heavyDays, plain.gradient, c);
    for (let t = 0; t < k; t++) {
      cellRates[c * k + t] = pluvial * pluvialDepthShare(thresholds[t]!) + riverRate(plain, c, classRates, defended[c]!, protection.years[c]!, filled, thresholds[t]!);
    }
  }
  const seasons = floodSeasons(archive.events, covered);
  const coveredCells: number[] = [];
  for (let c = 0; c < CELLS; c++) if (!Number.isNaN(cellRates[c * k]!)) coveredCells.push(c);

  const table = assembleRateTable({
    peril: 'FloodLivePlus',
    grid: GRID,
    thresholds: k,
    covered: coveredCells,
    ratesOf: (cell, out) => out.set(cellRates.subarray(cell * k, cell * k + k)),
    seasonOf: (cell) => seasons.seasonOfCell[cell]!,
    seasonWeights: stackProfiles(seasons.profiles, SEASON_SLOTS),
    diurnalShares: stackProfiles([uniformProfile(HOURS)], HOURS),
    rowSharing: 'identical',
    extendRings: 1,
    meta: floodMeta({ recordYears: years, events: archive.events.length, inundatedShare: share, filledShare: filled, pluvialScale }),
  });
  return { table, recordYears: years, events: archive.events.length, inundatedShare: share, filledShare: filled, pluvialScale, protection: protection.years, defendedShare: defended, eventCounts };
}
