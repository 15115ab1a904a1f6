import { CATALOGUES } from '../../catalogues/registry.js';
import { roundSignificant } from '../../engine/formulas.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { GAZETTEER_SOURCE } from '../toolkit/population-grid.js';
import { WORLD_ATLAS_FILE } from '../toolkit/world-atlas.js';
import { FLOOD } from './parameters.js';
import { DEFAULT_PROTECTION_YEARS } from './protection.js';
import { SEVERITY_CLASSES } from './sources.js';
import { stageM } from './stage.js';

/** Catalogue folders the FloodLivePlus table reads (the Rain table, built from CRU and HCN, brings the pluvial term). */
export const FLOOD_SOURCES = [CATALOGUES.dfo.folder, CATALOGUES.etopo.folder, CATALOGUES.naturalEarth.folder, CATALOGUES.cru.folder, CATALOGUES.hcn.folder] as const;

export interface FloodMetaInputs {
  recordYears: number;
  events: number;
  inundatedShare: number;
  filledShare: number;
  pluvialScale: number;
}

/** The FloodLivePlus table's meta: method page, sources, parameters (with the DFO licence), coverage and confidence. */
export function floodMeta(m: FloodMetaInputs): TableMeta {
  return {
    method: 'docs/models/flood-live-plus.md',
    sources: [...FLOOD_SOURCES, `npm:${WORLD_ATLAS_FILE}`, GAZETTEER_SOURCE, 'Rain table (same build)'],
    parameters: {
      event: 'flood depth at the location reaching the threshold, from a DFO-class river or coastal flood that overtops the local defences, or from heavy rain',
      recordYears: roundSignificant(m.recordYears),
      events: m.events,
      priorYears: FLOOD.priorYears,
      regionalSigmaKm: FLOOD.regionalSigmaKm,
      inundatedShare: roundSignificant(m.inundatedShare),
      stageM: Object.fromEntries(SEVERITY_CLASSES.map((s) => [String(s), roundSignificant(stageM(FLOOD.classOneStageM, FLOOD.severityClasses[s].years))])),
      filledShare: roundSignificant(m.filledShare),
      terrain: FLOOD.terrain,
      minorStreamSpacingKm: FLOOD.minorStreamSpacingKm,
      defaultProtectionYears: DEFAULT_PROTECTION_YEARS,
      defended: FLOOD.defended,
      pluvial: { ...FLOOD.pluvial, scale: roundSignificant(m.pluvialScale) },
      season: FLOOD.season,
      licence: 'DFO archive: free for scholarly research and education; check terms before commercial use',
    },
    coverage:
      'Heuristic: Dartmouth Flood Observatory large-flood frequency (1985–2019) with HAND-style terrain (ETOPO5, Natural Earth rivers), flood protection standards by country (FLOPROS) and city on the built-up share of each cell (GeoNames gazetteer people) and a heavy-rain/flash-flood term from the Rain model; land north of 60°S. DFO data are for research and education use.',
    confidence: 'heuristic',
  };
}
