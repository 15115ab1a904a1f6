import { roundSignificant } from '../../engine/formulas.js';
import { perilDef } from '../../engine/perils.js';
import { HOURS, SEASON_SLOTS } from '../../engine/profiles.js';
import type { RateTable } from '../../engine/table-spec.js';
import { civilFromDays } from '../../engine/calendar.js';
import { DFO_ARCHIVE, SEVERITY_CLASSES, readFloodArchive, type FloodEvent } from './flood-catalogue.js';
import { depthExceedance, meanDepthM } from './flood-depth.js';
import { eventRates } from './flood-events.js';
import { FLOOD } from './flood-params.js';
import { floodSeasons } from './flood-season.js';
import { relativeElevation, susceptibility } from './flood-terrain.js';
import { readGeoJsonPaths } from './geojson.js';
import { CELLS, GRID, cellAreaKm2, readElevation } from './half-degree.js';
import { assembleRateTable, stackProfiles } from './rate-table.js';
import { WORLD_ATLAS_FILE } from './regions.js';
import { uniformProfile } from './season-profiles.js';
import { waterDistance, waterProximity } from './water-proximity.js';
import type { SharedInputs } from './shared-inputs.js';

/**
 * The FloodLivePlus table: per 0.5° cell and depth threshold d the annual rate
 * λ(d) = Σ_s λ_s · p · P(depth ≥ d | s), with λ_s the rate of DFO large floods of
 * severity class s whose affected region covers the cell, p the share of an
 * affected region's land that is inundated at this cell (terrain and water
 * proximity, scaled to Tellman et al. 2021) and an exponential depth model.
 * Method: docs/models/flood-live-plus.md.
 */
export const NATURAL_EARTH = { folder: 'natural-earth', rivers: 'ne_50m_rivers_lake_centerlines.geojson.gz', lakes: 'ne_50m_lakes.geojson.gz' } as const;
export const FLOOD_SOURCES = [DFO_ARCHIVE.folder, 'etopo', NATURAL_EARTH.folder, 'cru-cl1-climatology'] as const;

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

export function buildFlood(inputs: SharedInputs, progress: (fraction: number, label: string) => void): FloodBuild {
  const { sourcesDir, masks, cru } = inputs;
  progress(0, 'flood events');
  const archive = readFloodArchive(sourcesDir);
  const years = (archive.lastDay - archive.firstDay + 1) / 365.25;
  const covered = (c: number): boolean => {
    const latitude = GRID.lat0 + (Math.floor(c / GRID.nlon) + 0.5) * GRID.dlat;
    return latitude > FLOOD.southernLimitDeg && (Number.isFinite(cru.pre[c * 12]!) || masks.land[c]! > 0);
  };
  const landKm2 = new Float64Array(CELLS);
  for (let c = 0; c < CELLS; c++) if (covered(c)) landKm2[c] = Math.max(masks.land[c]!, 0.01) * cellAreaKm2(c);
  const rates = eventRates(archive.events, years, landKm2, FLOOD.priorYears, FLOOD.regionalSigmaKm);

  progress(0.3, 'terrain and rivers');
  const relative = relativeElevation(readElevation(sourcesDir), FLOOD.relativeElevation.ring);
  const water = [
    ...readGeoJsonPaths(sourcesDir, NATURAL_EARTH.folder, NATURAL_EARTH.rivers),
    ...readGeoJsonPaths(sourcesDir, NATURAL_EARTH.folder, NATURAL_EARTH.lakes),
    ...masks.coastRings,
  ];
  const proximity = waterProximity(waterDistance(water), masks.landSpans, FLOOD.water.scaleKm, covered);

  progress(0.7, 'flood table');
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

  const table = assembleRateTable({
    peril: 'FloodLivePlus',
    thresholds: k,
    rates: cellRates,
    seasonOfCell: seasons.seasonOfCell,
    diurnalOfCell: new Uint16Array(CELLS),
    seasonWeights: stackProfiles(seasons.profiles, SEASON_SLOTS),
    diurnalShares: stackProfiles([uniformProfile(HOURS)], HOURS),
    meta: {
      method: 'docs/models/flood-live-plus.md',
      sources: [...FLOOD_SOURCES, `npm:${WORLD_ATLAS_FILE}`],
      parameters: {
        event: 'flood depth at the location reaching the threshold during a DFO-class large flood',
        recordYears: roundSignificant(years),
        events: archive.events.length,
        priorYears: FLOOD.priorYears,
        regionalSigmaKm: FLOOD.regionalSigmaKm,
        inundatedShare: roundSignificant(share),
        meanSusceptibility: roundSignificant(meanSusceptibility),
        relativeElevation: FLOOD.relativeElevation,
        water: FLOOD.water,
        meanDepthM: Object.fromEntries(SEVERITY_CLASSES.map((s) => [String(s), roundSignificant(meanDepthM(s))])),
        season: FLOOD.season,
        licence: 'DFO archive: free for scholarly research and education; check terms before commercial use',
      },
      coverage: 'Heuristic: Dartmouth Flood Observatory large-flood frequency (1985–2019) with elevation and river proximity; land north of 60°S. DFO data are for research and education use.',
      confidence: 'heuristic',
    },
  });
  progress(1, 'flood done');
  return { table, recordYears: years, events: archive.events.length, inundatedShare: share, meanSusceptibility, inundation, eventCounts };
}
