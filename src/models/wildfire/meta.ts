import { CATALOGUES } from '../../catalogues/registry.js';
import { roundSignificant } from '../../engine/formulas.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { WORLD_ATLAS_FILE } from '../toolkit/world-atlas.js';
import type { Calibration } from './calibration.js';
import { WILDFIRE } from './parameters.js';

/** Catalogue folders the Wildfire table reads (the FIRMS and perimeter checks of validation.ts are not inputs). */
export const WILDFIRE_SOURCES = [CATALOGUES.calfireIncidents.folder, CATALOGUES.calfireFrap.folder, CATALOGUES.portugalIcnf.folder, CATALOGUES.koppen.folder, CATALOGUES.cru.folder] as const;

/** The Wildfire table's meta: method page, sources, the calibrated parameters, coverage and confidence. */
export function wildfireMeta(calibration: Calibration, vpdExponent: number): TableMeta {
  return {
    method: 'docs/models/wildfire.md',
    sources: [...WILDFIRE_SOURCES, `npm:${WORLD_ATLAS_FILE}`],
    parameters: {
      event: 'location inside a fire burning more than 5 ha; rate = burnt area of such fires per year / land area',
      californiaIncidentWindows: WILDFIRE.incidentWindows,
      californiaIncidentYears: roundSignificant(calibration.california.years),
      californiaLevelYears: [WILDFIRE.frapLevelYears[0], WILDFIRE.incidentLevelYears[1]],
      californiaLevelHaPerYear: roundSignificant(calibration.california.levelHaPerYear),
      californiaIncidentScale: roundSignificant(calibration.california.scale),
      portugalYears: calibration.portugal.years,
      smoothingKm: calibration.bandwidth.sigmaKm,
      climateModel: { form: 'ln BP = a + b ln NPP(Miami), NPP clamped', a: roundSignificant(calibration.model.intercept), b: roundSignificant(calibration.model.slope), nppRange: [roundSignificant(calibration.model.nppMin), roundSignificant(calibration.model.nppMax)], cells: calibration.model.cells },
      seasonVpdExponent: vpdExponent,
      noCoverage: WILDFIRE.noCoverageClasses,
    },
    coverage: 'Heuristic: burn probability observed in California (CAL FIRE) and mainland Portugal (ICNF); elsewhere a climate (Miami NPP) model calibrated there. No coverage on ice caps (Köppen EF).',
    confidence: 'heuristic',
  };
}
