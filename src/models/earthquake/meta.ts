import { CATALOGUES } from '../../catalogues/registry.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { AREA_SOURCES } from './area-sources.js';
import { FAULT_SOURCES } from './fault-sources.js';
import { GMPE_BRANCHES, WGRW12_CITATION } from './gmpe/index.js';
import { BACKGROUND, COMPLETENESS, COVERAGE, FAULT_ZONE, INTEGRATION, LAYERS, MERGE, NEAR_FAULT_GRID, RECURRENCE, REGIONALISATION, SMOOTHING } from './parameters.js';
import type { SourceModelStats } from './source-model.js';

/** Catalogue folders read (PB2002 for the regimes, ETOPO for the site cells and the ocean floor). */
export const EARTHQUAKE_SOURCES = [CATALOGUES.iscGem.folder, CATALOGUES.comcatM5.folder, CATALOGUES.pb2002.folder, CATALOGUES.etopo.folder];

export const EARTHQUAKE_COVERAGE =
  `Global land and near-shore (0.5° cells above −200 m plus one ring; 0.125° cells within ${NEAR_FAULT_GRID.distanceKm} km of a fault source), reference rock site Vs30 760 m/s: ` +
  `smoothed seismicity per tectonic regime (ISC-GEM, USGS ComCat) with a background floor, ${FAULT_SOURCES.length} characteristic fault and megathrust sources, ` +
  '2 area sources with published regional rates (Puget Sound in-slab, Reno–Carson City) and 9 eastern North American zones with rates counted in the USGS regional catalogue, ' +
  'a logic tree of ground-motion models per regime; MMI and PGA. Open ocean not covered.';

/** Table metadata: everything that changes the numbers, for the manifest and /v1/perils. */
export function earthquakeMeta(stats: SourceModelStats): TableMeta {
  return {
    method: 'docs/models/earthquake.md',
    sources: [...EARTHQUAKE_SOURCES],
    parameters: {
      site: 'reference rock, Vs30 = 760 m/s (NEHRP B/C boundary)',
      merge: MERGE,
      declustering: 'Gardner & Knopoff (1974), van Stiphout et al. (2012) window fits',
      completeness: COMPLETENESS,
      effectiveYears: Number(stats.effectiveYears.toFixed(3)),
      completeMainshocks: stats.completeMainshocks,
      eventsByLayer: Object.fromEntries(LAYERS.map((l, i) => [l.name, stats.eventsByLayer[i]])),
      regionalisation: { from: 'Bird (2003) PB2002 steps and orogens, ETOPO5', ...REGIONALISATION },
      layers: LAYERS,
      background: BACKGROUND,
      recurrence: RECURRENCE,
      smoothing: { kernel: 'Helmstetter et al. (2007) adaptive power law', ...SMOOTHING },
      groundMotion: Object.fromEntries(
        Object.entries(GMPE_BRANCHES).map(([regime, branches]) => [regime, branches.map((b) => ({ model: b.model.name, weight: Number(b.weight.toFixed(4)) }))]),
      ),
      intensity: `PGA → MMI: ${WGRW12_CITATION.split('.')[0]} et al. (2012) with its scatter`,
      finiteFault: 'smoothed sources: vertical ruptures, Wells & Coppersmith (1994) crustal and Strasser et al. (2010) subduction dimensions, random strike; own cell spread over equal-area rings',
      faults: FAULT_SOURCES.map((f) => ({ name: f.name, magnitude: f.magnitude, recurrenceYears: f.recurrenceYears })),
      faultZone: FAULT_ZONE,
      areaSources: AREA_SOURCES.map((a) => ({ name: a.name, layer: a.layer, box: [a.south, a.north, a.west, a.east], rate: a.rate, mLow: a.mLow, mmax: a.mmax, b: a.b, smoothed: a.smoothed })),
      integration: INTEGRATION,
      grid: { step: COVERAGE.step, minElevationM: COVERAGE.minElevationM, extraRings: COVERAGE.extraRings },
    },
    coverage: EARTHQUAKE_COVERAGE,
    confidence: 'low',
  };
}
