import { CATALOGUES } from '../../catalogues/registry.js';
import { roundSignificant } from '../../engine/formulas.js';
import type { TableMeta } from '../../engine/table-spec.js';
import { GAZETTEER_SOURCE } from '../toolkit/population-grid.js';
import { WORLD_ATLAS_FILE } from '../toolkit/world-atlas.js';
import type { Calibration } from './calibration.js';
import type { CountryCalibration } from './country-calibration.js';
import { COVARIATES } from './fire-climate.js';
import { GWIS_YEARS } from './observed-burned-area.js';
import { FIRE_CLIMATE, WILDFIRE } from './parameters.js';

/** Catalogue folders the Wildfire table reads (the FIRMS and perimeter checks of validation.ts are not inputs). */
export const WILDFIRE_SOURCES = [CATALOGUES.calfireIncidents.folder, CATALOGUES.calfireFrap.folder, CATALOGUES.portugalIcnf.folder, CATALOGUES.koppen.folder, CATALOGUES.cru.folder] as const;

/** The Wildfire table's meta: method page, sources, the calibrated parameters, coverage and confidence. */
export function wildfireMeta(countries: CountryCalibration, calibration: Calibration, vpdExponent: number): TableMeta {
  return {
    method: 'docs/models/wildfire.md',
    sources: [...WILDFIRE_SOURCES, `npm:${WORLD_ATLAS_FILE}`, GAZETTEER_SOURCE, `GWIS burned area by country ${GWIS_YEARS.join('–')} (observed-burned-area.ts)`],
    parameters: {
      event: 'location inside a fire burning more than 5 ha; rate = burnt area of such fires per year / land area',
      fireClimateModel: {
        form: 'BP = unbuilt · treeline · (K_country · exp(β · x) + even share of the country total beyond the factor cap)',
        covariates: COVARIATES,
        beta: countries.beta.map((b) => roundSignificant(b)),
        countries: countries.countries.length,
        factorCap: roundSignificant(countries.factorCap),
        builtUpDensityPerKm2: FIRE_CLIMATE.builtUpDensityPerKm2,
      },
      californiaIncidentWindows: WILDFIRE.incidentWindows,
      californiaIncidentYears: roundSignificant(calibration.california.years),
      californiaLevelYears: [WILDFIRE.frapLevelYears[0], WILDFIRE.incidentLevelYears[1]],
      californiaLevelHaPerYear: roundSignificant(calibration.california.levelHaPerYear),
      californiaIncidentScale: roundSignificant(calibration.california.scale),
      portugalYears: calibration.portugal.years,
      smoothingKm: calibration.smoothing.best.sigmaKm,
      smoothingPatternExponent: calibration.smoothing.best.exponent,
      seasonVpdExponent: vpdExponent,
      noCoverage: WILDFIRE.noCoverageClasses,
    },
    coverage:
      'Heuristic: a fire-climate model (fuel, dry season, cold winter, summer drought, treeline, built-up land) fitted to satellite burned area by country (GWIS 2012–2023) and scaled to each country’s total; California (CAL FIRE) and mainland Portugal (ICNF) from located fire records. No coverage on ice caps (Köppen EF).',
    confidence: 'heuristic',
  };
}
