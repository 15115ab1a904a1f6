import { CATALOGUES } from '../../catalogues/registry.js';
import { roundSignificant } from '../../engine/formulas.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { WORLD_ATLAS_FILE } from '../toolkit/world-atlas.js';
import { meanDepthM } from './depth.js';
import { FLOOD } from './parameters.js';
import { SEVERITY_CLASSES } from './sources.js';

/** Catalogue folders the FloodLivePlus table reads. */
export const FLOOD_SOURCES = [CATALOGUES.dfo.folder, CATALOGUES.etopo.folder, CATALOGUES.naturalEarth.folder, CATALOGUES.cru.folder] as const;

export interface FloodMetaInputs {
  recordYears: number;
  events: number;
  inundatedShare: number;
  meanSusceptibility: number;
}

/** The FloodLivePlus table's meta: method page, sources, parameters (with the DFO licence), coverage and confidence. */
export function floodMeta(m: FloodMetaInputs): TableMeta {
  return {
    method: 'docs/models/flood-live-plus.md',
    sources: [...FLOOD_SOURCES, `npm:${WORLD_ATLAS_FILE}`],
    parameters: {
      event: 'flood depth at the location reaching the threshold during a DFO-class large flood',
      recordYears: roundSignificant(m.recordYears),
      events: m.events,
      priorYears: FLOOD.priorYears,
      regionalSigmaKm: FLOOD.regionalSigmaKm,
      inundatedShare: roundSignificant(m.inundatedShare),
      meanSusceptibility: roundSignificant(m.meanSusceptibility),
      relativeElevation: FLOOD.relativeElevation,
      water: FLOOD.water,
      meanDepthM: Object.fromEntries(SEVERITY_CLASSES.map((s) => [String(s), roundSignificant(meanDepthM(s))])),
      season: FLOOD.season,
      licence: 'DFO archive: free for scholarly research and education; check terms before commercial use',
    },
    coverage: 'Heuristic: Dartmouth Flood Observatory large-flood frequency (1985–2019) with elevation and river proximity; land north of 60°S. DFO data are for research and education use.',
    confidence: 'heuristic',
  };
}
