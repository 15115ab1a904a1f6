/**
 * Country river-flood protection standards from FLOPROS V1 (Scussolini et al.
 * 2016, NHESS 16:1049–1061, CC BY 3.0): the supplement's attribute table gives
 * every admin-1 unit a design layer (standards of existing defences, a range
 * DL_min–DL_max), a policy layer (standards required by regulation, PL_min–
 * PL_max) and a model layer (an economic-optimisation estimate, ModL).
 *
 * The rule, one per unit (floprosUnitStandard):
 * - design where it exists, its upper bound: the range spans a unit's rural and
 *   city defences, and the defended share of a cell is its built-up land; this
 *   is also the value FLOPROS's own merged layer takes;
 * - else the model layer clamped into the policy range: the regulation bounds
 *   what is built, the model estimates where inside those bounds the defences
 *   stand (the upper policy bound alone is a standard for the most important
 *   places: the US's 500 years, India's 100; the lower alone reads 2 years for
 *   Indonesia, below its model layer);
 * - else the model layer.
 * A country's standard is the median of its units' (units without a value left
 * out), to three figures. Polygons of the units are not at hand, so the
 * sub-national values are not used; cities are circles (protection.ts).
 */
export interface FloprosUnit {
  designMax: number;
  policyMin: number;
  policyMax: number;
  model: number;
}

/** The standard (years) of one FLOPROS unit by the rule above; 0 where FLOPROS has no value (0 marks missing). */
export function floprosUnitStandard(unit: FloprosUnit): number {
  if (unit.designMax > 0) return unit.designMax;
  if (unit.policyMax > 0) {
    const low = unit.policyMin > 0 ? unit.policyMin : unit.policyMax;
    return unit.model > 0 ? Math.min(unit.policyMax, Math.max(low, unit.model)) : low;
  }
  return unit.model;
}

/** Median of the units' standards, to three significant figures. */
export function floprosCountryStandard(units: readonly FloprosUnit[]): number {
  const values = units.map(floprosUnitStandard).filter((v) => v > 0).sort((a, b) => a - b);
  if (values.length === 0) throw new Error('FLOPROS: no unit with a standard');
  const mid = values.length / 2;
  const median = Number.isInteger(mid) ? (values[mid - 1]! + values[mid]!) / 2 : values[Math.floor(mid)]!;
  return Number(median.toPrecision(3));
}

export interface FloprosCountry {
  /** world-atlas (ISO 3166 numeric) id. */
  id: string;
  name: string;
  years: number;
  /** The layer behind each unit's standard: design, policy (model clamped into it), model; units without a value not counted. */
  layers: string;
}

/**
 * The rule applied to the FLOPROS V1 attribute table (FLOPROS_shp_V1.dbf,
 * 4,650 units; England, Scotland, Wales and Northern Ireland pooled as the
 * United Kingdom) for the 47 countries whose layers the flood research brief
 * read (/work/notes/flood-research.md §2.3).
 */
export const FLOPROS_COUNTRIES: readonly FloprosCountry[] = [
  { id: '040', name: 'Austria', years: 100, layers: 'design 9' },
  { id: '276', name: 'Germany', years: 100, layers: 'design 2, policy 14' },
  { id: '203', name: 'Czechia', years: 60.2, layers: 'design 4, model 10' },
  { id: '250', name: 'France', years: 56.8, layers: 'design 14, model 81' },
  { id: '348', name: 'Hungary', years: 100, layers: 'policy 43' },
  { id: '380', name: 'Italy', years: 54.7, layers: 'model 80' },
  { id: '528', name: 'Netherlands', years: 3000, layers: 'design 12' },
  { id: '616', name: 'Poland', years: 100, layers: 'policy 16' },
  { id: '642', name: 'Romania', years: 20, layers: 'policy 42' },
  { id: '643', name: 'Russia', years: 46.6, layers: 'design 1, model 82' },
  { id: '703', name: 'Slovakia', years: 52.3, layers: 'policy 8' },
  { id: '724', name: 'Spain', years: 51.2, layers: 'model 47' },
  { id: '756', name: 'Switzerland', years: 30, layers: 'policy 26' },
  { id: '804', name: 'Ukraine', years: 7.91, layers: 'model 26' },
  { id: '826', name: 'United Kingdom', years: 100, layers: 'design 230' },
  { id: '032', name: 'Argentina', years: 17.1, layers: 'model 24' },
  { id: '076', name: 'Brazil', years: 19.9, layers: 'model 27' },
  { id: '124', name: 'Canada', years: 46.8, layers: 'design 1, policy 1, model 10' },
  { id: '170', name: 'Colombia', years: 16.6, layers: 'model 32' },
  { id: '484', name: 'Mexico', years: 19.7, layers: 'model 32' },
  { id: '604', name: 'Peru', years: 16.6, layers: 'model 26' },
  { id: '840', name: 'United States', years: 100, layers: 'design 5, policy 46' },
  { id: '050', name: 'Bangladesh', years: 50, layers: 'design 7' },
  { id: '104', name: 'Myanmar', years: 2.22, layers: 'model 14' },
  { id: '116', name: 'Cambodia', years: 2.43, layers: 'model 22' },
  { id: '156', name: 'China', years: 20, layers: 'design 31' },
  { id: '158', name: 'Taiwan', years: 150, layers: 'design 9, model 7' },
  { id: '356', name: 'India', years: 50, layers: 'policy 35' },
  { id: '360', name: 'Indonesia', years: 7.23, layers: 'design 1, policy 33' },
  { id: '364', name: 'Iran', years: 16.8, layers: 'model 31' },
  { id: '368', name: 'Iraq', years: 17.2, layers: 'model 15' },
  { id: '392', name: 'Japan', years: 74.6, layers: 'policy 48' },
  { id: '410', name: 'South Korea', years: 54.3, layers: 'model 12' },
  { id: '418', name: 'Laos', years: 6.7, layers: 'model 17' },
  { id: '458', name: 'Malaysia', years: 24.6, layers: 'model 14' },
  { id: '524', name: 'Nepal', years: 2.12, layers: 'model 14' },
  { id: '586', name: 'Pakistan', years: 6.71, layers: 'model 8' },
  { id: '608', name: 'Philippines', years: 10.7, layers: 'model 50' },
  { id: '704', name: 'Vietnam', years: 7.67, layers: 'design 10, model 49' },
  { id: '764', name: 'Thailand', years: 17.7, layers: 'design 1, model 72' },
  { id: '792', name: 'Turkey', years: 17.1, layers: 'model 80' },
  { id: '036', name: 'Australia', years: 100, layers: 'policy 11' },
  { id: '231', name: 'Ethiopia', years: 2.01, layers: 'model 8' },
  { id: '404', name: 'Kenya', years: 2.06, layers: 'model 8' },
  { id: '566', name: 'Nigeria', years: 6.82, layers: 'model 36' },
  { id: '710', name: 'South Africa', years: 50, layers: 'policy 9' },
  { id: '818', name: 'Egypt', years: 11.4, layers: 'design 1, model 20' },
];
