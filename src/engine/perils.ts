/**
 * The peril registry: the one table every other module reads for names,
 * thresholds, units, model types and Lite thresholds. Methods behind each row
 * are in docs/models/<peril>.md; window mathematics in docs/methods.md.
 */
export const PERIL_NAMES = [
  'TropicalCyclone',
  'Wildfire',
  'Earthquake',
  'FloodLivePlus',
  'Hail',
  'USTornado',
  'Tornado',
  'Rain',
  'MaxWindGust',
  'CumulativeRain',
  'Cumulativesnow',
] as const;

export type PerilName = (typeof PERIL_NAMES)[number];
export type Threshold = string | number;

/**
 * rate: annual exceedance rate per threshold with seasonal and diurnal shares.
 * daily: per-month daily exceedance probability (daily maximum).
 * accumulation: per-month chain-dependent weather generator (window totals).
 */
export type ModelType = 'rate' | 'daily' | 'accumulation';

/**
 * Why each Lite threshold: the spec fixes six; Rain and MaxWindGust are the project's, chosen at the
 * onset of damage to buildings like the spec's ("EF2", "CAT3", "MMI6", "1 m of flood", hail over
 * 1 inch), so that a mild maritime city's ordinary gales do not read as Extreme (docs/lite.md).
 */
const SPEC_BASIS = 'fixed by the service specification';
const RAIN_BASIS =
  'project choice at the onset of pluvial flood damage: 150 mm in a day exceeds the design storm of urban drainage outside the wet tropics ' +
  '(streets drained for 2–10-year storms, FHWA HEC-22 Urban Drainage Design Manual, 3rd ed. 2009, Table 3-1; sewers free of flooding up to the ' +
  '30-year storm in the UK, Sewers for Adoption 7th ed. 2012; Tokyo’s sewers sized for 50 mm an hour, Tokyo Metropolitan Government Bureau of Sewerage). 100 mm, the earlier choice, recurs every 1–7 years in Miami, Tokyo and Oklahoma City.';
const GUST_BASIS =
  'project choice at the onset of structural damage: 40 m/s (90 mph) lies in Enhanced Fujita EF1 (3-second gusts 86–110 mph, "moderate damage": roofs stripped, ' +
  'mobile homes overturned; WSEC 2006, Texas Tech University), above the 81-mph gust over land of a Saffir–Simpson category 1 hurricane ' +
  '(ASCE 7-10 Commentary Table C26.5-2). 30 m/s, the earlier choice, is an ordinary winter gale in north-west Europe (London every 3 years).';

export interface LiteThreshold {
  threshold: Threshold;
  description: string;
  /** Why this threshold: the spec's, or the project's choice at the onset of damage with its sources (docs/lite.md). */
  basis: string;
  /** Lite scores the peril only for locations in the United States. */
  usOnly: boolean;
  /** Lite scores the peril only when asked with flood_plus, by a key with the Flood Plus permission. */
  floodPlus: boolean;
}

export interface PerilDef {
  name: PerilName;
  /** Numeric code written into table headers and kernel requests. */
  code: number;
  category: 'catastrophe' | 'weather';
  modelType: ModelType;
  thresholds: readonly Threshold[];
  /** The spec's unit string: a physical unit, or the threshold names joined by commas. */
  unit: string;
  /** Window totals (expanding mode, window_days lead-in). */
  cumulative: boolean;
  lite: LiteThreshold | null;
  /** Served by the historic-events endpoints. */
  historic: boolean;
  /** Shown in /v1/perils; the models issue keeps it true to the built table. */
  coverage: string;
}

const SAFFIR_SIMPSON = ['CAT0', 'CAT1', 'CAT2', 'CAT3', 'CAT4', 'CAT5'] as const;
const ENHANCED_FUJITA = ['EF0', 'EF1', 'EF2', 'EF3', 'EF4', 'EF5'] as const;
const MMI = ['MMI3', 'MMI4', 'MMI5', 'MMI6', 'MMI7', 'MMI8', 'MMI9'] as const;
const PGA = ['PGA0.02', 'PGA0.05', 'PGA0.1', 'PGA0.2', 'PGA0.3', 'PGA0.4', 'PGA0.5', 'PGA0.75', 'PGA1.0'] as const;

/** 2012 Saffir–Simpson lower bounds in knots (1-minute sustained), CAT0 = tropical storm. */
export const SAFFIR_SIMPSON_KNOTS = [34, 64, 83, 96, 113, 137] as const;
/** Enhanced Fujita lower bounds, 3-second gust in mph (EF0 65–85 … EF5 > 200). */
export const ENHANCED_FUJITA_MPH = [65, 86, 111, 136, 166, 201] as const;

function named(names: readonly string[]): { thresholds: readonly string[]; unit: string } {
  return { thresholds: names, unit: names.join(',') };
}

const DEFS: readonly PerilDef[] = [
  {
    name: 'TropicalCyclone', code: 1, category: 'catastrophe', modelType: 'rate', ...named(SAFFIR_SIMPSON),
    cumulative: false, historic: true,
    lite: { threshold: 'CAT3', description: 'Saffir–Simpson category 3 or stronger (≥ 96 kt)', usOnly: false, floodPlus: false, basis: SPEC_BASIS },
    coverage: 'Tropical cyclone basins with best-track data: North Atlantic, East/Central Pacific, West Pacific, North Indian, South Indian, South Pacific.',
  },
  {
    name: 'Wildfire', code: 2, category: 'catastrophe', modelType: 'rate', ...named(['Severe']),
    cumulative: false, historic: true,
    lite: { threshold: 'Severe', description: 'the location burns in a fire larger than 5 hectares', usOnly: false, floodPlus: false, basis: SPEC_BASIS },
    coverage: 'Global land except ice caps; heuristic: a fire-climate model fitted to satellite burned area by country (GWIS 2012–2023), located fire records in California and mainland Portugal.',
  },
  {
    name: 'Earthquake', code: 3, category: 'catastrophe', modelType: 'rate', ...named([...MMI, ...PGA]),
    cumulative: false, historic: false,
    lite: { threshold: 'MMI6', description: 'Modified Mercalli intensity VI or stronger', usOnly: false, floodPlus: false, basis: SPEC_BASIS },
    coverage: 'Global land and near-shore, reference rock site (Vs30 760 m/s): PSHA with smoothed seismicity per tectonic regime (ISC-GEM, USGS ComCat), 30 fault and megathrust sources, and a ground-motion model per regime.',
  },
  {
    name: 'FloodLivePlus', code: 4, category: 'catastrophe', modelType: 'rate',
    thresholds: [0.1, 0.25, 0.5, 1, 1.5, 2, 3], unit: 'm',
    cumulative: false, historic: false,
    lite: { threshold: 1, description: 'flood depth of 1 m or more', usOnly: false, floodPlus: true, basis: SPEC_BASIS },
    coverage: 'Land north of 60°S; heuristic: Dartmouth Flood Observatory large-flood frequency over HAND-style terrain, with flood protection standards (FLOPROS by country, defended cities) applied to the built-up share of each cell, plus heavy-rain flooding from the Rain model.',
  },
  {
    name: 'Hail', code: 5, category: 'catastrophe', modelType: 'rate',
    thresholds: [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3], unit: 'inch',
    cumulative: false, historic: true,
    // Spec: "more than 1 inch". Sizes are reported in classes (…, 1.00, 1.25, …), so that is 1.25 in and up.
    lite: { threshold: 1.25, description: 'hailstones of more than 1 inch diameter (the 1.25-inch size class and larger)', usOnly: false, floodPlus: false, basis: SPEC_BASIS },
    coverage: 'Contiguous United States only (SPC hail reports, corrected for population); low confidence.',
  },
  {
    name: 'USTornado', code: 6, category: 'catastrophe', modelType: 'rate', ...named(ENHANCED_FUJITA),
    cumulative: false, historic: false,
    lite: { threshold: 'EF2', description: 'Enhanced Fujita EF2 or stronger', usOnly: true, floodPlus: false, basis: SPEC_BASIS },
    coverage: 'Contiguous United States (SPC tornado tracks 1950–2022).',
  },
  {
    name: 'Tornado', code: 7, category: 'catastrophe', modelType: 'rate', ...named(ENHANCED_FUJITA),
    cumulative: false, historic: true, lite: null,
    coverage: 'Where tornado track data exist: the contiguous United States.',
  },
  {
    name: 'Rain', code: 8, category: 'weather', modelType: 'daily',
    thresholds: [10, 25, 50, 75, 100, 150, 200, 300, 400, 500], unit: 'mm',
    cumulative: false, historic: false,
    lite: { threshold: 150, description: 'a day with 150 mm of rain or more', usOnly: false, floodPlus: false, basis: RAIN_BASIS },
    coverage: 'Global land (CRU 0.5° climatology, weather generator calibrated on half the US HCN stations; heavy tail by Köppen climate group; tropical-cyclone rain from best tracks).',
  },
  {
    name: 'MaxWindGust', code: 9, category: 'weather', modelType: 'daily',
    thresholds: [15, 20, 25, 30, 35, 40, 50, 60, 70], unit: 'm/s',
    cumulative: false, historic: false,
    lite: { threshold: 40, description: 'a 3-second gust of 40 m/s (90 mph) or more', usOnly: false, floodPlus: false, basis: GUST_BASIS },
    coverage: 'Global land; low confidence (gust mixture on CRU mean wind and SPC gust reports in the US, calibrated on ASCE 7 and Eurocode design winds; tropical-cyclone winds where tracks apply).',
  },
  {
    name: 'CumulativeRain', code: 10, category: 'weather', modelType: 'accumulation',
    thresholds: [10, 25, 50, 100, 150, 200, 300, 500], unit: 'mm',
    cumulative: true, historic: false, lite: null,
    coverage: 'Global land (CRU 0.5° climatology, weather generator calibrated on half the US HCN stations; heavy tail and tropical-cyclone rain as Rain; multi-day variance fitted on US stations).',
  },
  {
    name: 'Cumulativesnow', code: 11, category: 'weather', modelType: 'accumulation',
    thresholds: [1, 5, 10, 20, 30, 50, 100], unit: 'cm',
    cumulative: true, historic: false, lite: null,
    coverage: 'Global land (CRU 0.5° climatology; snowfall from a temperature partition and snow amounts fitted on half the US HCN stations).',
  },
];

export const PERILS: ReadonlyMap<PerilName, PerilDef> = new Map(DEFS.map((d) => [d.name, d]));

export function isPerilName(name: unknown): name is PerilName {
  return typeof name === 'string' && PERILS.has(name as PerilName);
}

export function perilDef(name: PerilName): PerilDef {
  return PERILS.get(name)!;
}

/**
 * Thresholds grouped by scale, as index runs: Earthquake lists MMI then PGA, and
 * exceedance falls with the threshold only within one scale.
 */
export function thresholdScales(def: PerilDef): number[][] {
  const scaleOf = (t: Threshold): string => (typeof t === 'number' ? '#' : (/^[A-Za-z]+/.exec(t)?.[0] ?? t));
  const runs: number[][] = [];
  def.thresholds.forEach((t, i) => {
    if (i > 0 && scaleOf(t) === scaleOf(def.thresholds[i - 1]!)) runs[runs.length - 1]!.push(i);
    else runs.push([i]);
  });
  return runs;
}

export function perilByCode(code: number): PerilDef | undefined {
  return DEFS.find((d) => d.code === code);
}
