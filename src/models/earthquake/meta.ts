import { CATALOGUES } from '../../catalogues/registry.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { COMPLETENESS, COVERAGE, DEPTH_CLASSES, INTEGRATION, MERGE, RECURRENCE, SMOOTHING } from './parameters.js';
import type { SourceModelStats } from './source-model.js';

/** Catalogue folders read (ETOPO for the site cells). */
export const EARTHQUAKE_SOURCES = [CATALOGUES.iscGem.folder, CATALOGUES.comcatM5.folder, CATALOGUES.etopo.folder];

export const EARTHQUAKE_COVERAGE =
  'Global land and near-shore (0.5° cells above −200 m plus one ring): smoothed-seismicity PSHA from ISC-GEM and USGS ComCat; MMI and rock PGA; open ocean not covered.';

/** Table metadata: everything that changes the numbers, for the manifest and /v1/perils. */
export function earthquakeMeta(stats: SourceModelStats): TableMeta {
  return {
    method: 'docs/models/earthquake.md',
    sources: [...EARTHQUAKE_SOURCES],
    parameters: {
      merge: MERGE,
      declustering: 'Gardner & Knopoff (1974), van Stiphout et al. (2012) window fits',
      completeness: COMPLETENESS,
      effectiveYears: Number(stats.effectiveYears.toFixed(3)),
      completeMainshocks: stats.completeMainshocks,
      recurrence: RECURRENCE,
      smoothing: { kernel: 'Helmstetter et al. (2007) adaptive power law', ...SMOOTHING },
      depthClasses: DEPTH_CLASSES.map((c) => ({ upTo: Number.isFinite(c.upTo) ? c.upTo : null, depth: c.depth, type: c.type })),
      intensity: 'Allen, Wald & Worden (2012) rupture-distance IPE',
      pga: 'Zhao et al. (2006), site class I (rock)',
      finiteFault: 'vertical rupture, Wells & Coppersmith (1994) length and width, random strike',
      integration: INTEGRATION,
      grid: { step: COVERAGE.step, minElevationM: COVERAGE.minElevationM, extraRings: COVERAGE.extraRings },
    },
    coverage: EARTHQUAKE_COVERAGE,
    confidence: 'low',
  };
}
