import { readCruVariable } from '../../catalogues/cru.js';
import { readElevation } from '../../catalogues/etopo.js';
import { civilFromDays } from '../../engine/calendar.js';
import { cellCentre } from '../../engine/grid.js';
import { perilDef } from '../../engine/perils.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import type { RateTable } from '../../engine/table-spec.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { assembleRateTable, stackProfiles, uniformProfile } from '../toolkit/rate-table.js';
import { landCover } from '../toolkit/world-atlas.js';
import { depthExceedance } from './depth.js';
import { eventRates } from './events.js';
import { floodMeta } from './meta.js';
import { FLOOD } from './parameters.js';
import { floodSeasons } from './season.js';
import { readFloodArchive, readWaterPaths, SEVERITY_CLASSES, type FloodEvent } from './sources.js';
import { relativeElevation, susceptibility } from './terrain.js';
import { waterDistance, waterProximity } from './water-proximity.js';

/**
 * The FloodLivePlus table: per 0.5° cell and depth threshold d the annual rate
 * λ(d) = Σ_s λ_s · p · P(depth ≥ d | s), with λ_s the rate of DFO large floods of
 * severity class s whose affected region covers the cell, p the share of an
 * affected region's land that is inundated at this cell (terrain and water
 * proximity, scaled to Tellman et al. 2021) and an exponential depth model.
 * Method: docs/models/flood-live-plus.md.
 */
export interface FloodBuild {
  table: RateTable;
  recordYears: number;
  events: number;
  /** Mean inundated share of an affected region, and the area-weighted mean susceptibility it is spread by. */
  inundatedShare: number;
  meanSusceptibility: number;
  /** Per cell: inundation share p and the affected-region event counts (all classes). */
  inundation: Float64Array;
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

export function buildFlood(sourcesDir: string, progress: (fraction: number, label: string) => void): FloodBuild {
  progress(0, 'land and climate');
  const masks = landCover();
  const pre = readCruVariable(sourcesDir, 'pre').values;
  progress(0.1, 'flood events');
  const archive = readFloodArchive(sourcesDir);
  const years = (archive.lastDay - archive.firstDay + 1) / 365.25;
  const covered = (c: number): boolean => cellCentre(GRID, c).latitude > FLOOD.southernLimitDeg && (Number.isFinite(pre[c * 12]!) || masks.land[c]! > 0);
  const landKm2 = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) if (covered(c)) landKm2[c] = Math.max(masks.land[c]!, 0.01) * cellAreaKm2(c);
  const rates = eventRates(archive.events, years, landKm2, FLOOD.priorYears, FLOOD.regionalSigmaKm);

  progress(0.4, 'terrain and rivers');
  const relative = relativeElevation(readElevation(sourcesDir), FLOOD.relativeElevation.ring);
  const water = [...readWaterPaths(sourcesDir), ...masks.coastRings];
  const proximity = waterProximity(waterDistance(water), masks.landSpans, FLOOD.water.scaleKm, covered);

  progress(0.75, 'flood table');
  const g = new Float64Array(CELLS);
  const eventCounts = new Float64Array(CELLS);
  let weighted = 0;
  let weight = 0;
  for (let c = 0; c < CELLS; c++) {
    if (!covered(c)) continue;
    g[c] = susceptibility(relative[c]!, proximity[c]!, FLOOD.relativeElevation, FLOOD.water);
    eventCounts[c] = rates.counts.reduce((s, n) => s + n[c]!, 0);
    weighted += eventCounts[c]! * landKm2[c]! * g[c]!;
    weight += eventCounts[c]! * landKm2[c]!;
  }
  const meanSusceptibility = weighted / weight;
  const share = inundatedShare(archive.events);
  const thresholds = perilDef('FloodLivePlus').thresholds as number[];
  const exceedance = thresholds.map(depthExceedance);
  const k = thresholds.length;
  const cellRates = new Float64Array(CELLS * k).fill(NaN);
  const inundation = new Float64Array(CELLS).fill(NaN);
  for (let c = 0; c < CELLS; c++) {
    if (!covered(c)) continue;
    const p = Math.min(FLOOD.maxInundationShare, (share * g[c]!) / meanSusceptibility);
    inundation[c] = p;
    for (let t = 0; t < k; t++) {
      let lambda = 0;
      SEVERITY_CLASSES.forEach((_, s) => (lambda += rates.rates[s]![c]! * p * exceedance[t]![s]!));
      cellRates[c * k + t] = lambda;
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
    meta: floodMeta({ recordYears: years, events: archive.events.length, inundatedShare: share, meanSusceptibility }),
  });
  return { table, recordYears: years, events: archive.events.length, inundatedShare: share, meanSusceptibility, inundation, eventCounts };
}
