import { readKoppen } from '../../catalogues/koppen.js';
import { daysFromCivil } from '../../engine/calendar.js';
import { cellCentre, cellIndex } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable, RateTable } from '../../engine/table-spec.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { annualProbability, greater, place as P, referenceRow as row } from '../toolkit/place-checks.js';
import { coverFraction, polygonSpans, type Ring } from '../toolkit/scanlines.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import { burntAreaGrid } from './fire-footprints.js';
import { regionMasks } from './regions.js';
import { readFirmsDetections, readFrapPerimeters } from './sources.js';

/**
 * The Wildfire table against published numbers and well-known orderings,
 * evaluated with the reference window maths at places (one calendar year, all
 * hours; probabilities in percent), and two checks that are not calibrations:
 * FIRMS detections over Australia by Köppen group, and the disc footprint
 * against mapped FRAP perimeters.
 */
export const PLACES = {
  laFoothills: P('Los Angeles foothills (La Cañada Flintridge)', 34.2, -118.2),
  sanDiegoBackcountry: P('San Diego County backcountry (Ramona)', 33.04, -116.87),
  sacramento: P('Sacramento', 38.58, -121.49),
  sanFrancisco: P('San Francisco downtown', 37.79, -122.4),
  viseu: P('Viseu (interior Portugal)', 40.66, -7.91),
  lisbon: P('Lisbon', 38.72, -9.14),
  sydneyOutskirts: P('Sydney outskirts (Penrith / Blue Mountains edge)', -33.75, 150.69),
  london: P('London', 51.51, -0.13),
  greenland: P('Greenland ice sheet (Summit)', 72.58, -38.46),
} as const;

/** Land-area-weighted mean annual rate of threshold k over cells with weight, covered cells only. */
function meanRate(table: RateTable, weight: (cell: number) => number, k = 0): number {
  const K = table.rates.length / table.rows;
  let sum = 0;
  let total = 0;
  for (let c = 0; c < CELLS; c++) {
    const row = table.cellRow[c]!;
    const w = weight(c);
    if (row < 0 || !(w > 0)) continue;
    sum += w * table.rates[row * K + k]!;
    total += w;
  }
  return sum / total;
}

const pct = (p: number | null): number => (p === null ? NaN : 100 * p);

function wildfireRows(table: RateTable): ValidationRow[] {
  const masks = regionMasks();
  const land = (c: number): number => masks.land[c]! * cellAreaKm2(c);
  const bp = '% of land burnt per year by fires > 5 ha';
  const fsim = 'Finney et al. 2011; Short et al. 2020 (FSim national burn probability): S. California chaparral ≈ 1–2 %/yr';
  return [
    row('Wildfire', PLACES.laFoothills, 'annual burn probability (%)', 1.5, fsim, pct(annualProbability(table, PLACES.laFoothills)), '0.5° cell average incl. the urban basin'),
    row('Wildfire', PLACES.sanDiegoBackcountry, 'annual burn probability (%)', 1.5, fsim, pct(annualProbability(table, PLACES.sanDiegoBackcountry))),
    row('Wildfire', P('California (statewide mean)', 37.2, -119.5), bp, null, 'input: FRAP 1990–2017 + CAL FIRE incidents 2018–2024 (level of the calibration)', 100 * meanRate(table, (c) => masks.california[c]! * cellAreaKm2(c))),
    row('Wildfire', P('Mainland Portugal (mean)', 39.6, -8.0), bp, (100 * 115_000) / 8_900_000, 'DaCamara et al. (2025, arXiv): > 115,000 ha burnt per year on average 1980–2024, of 89,000 km²', 100 * meanRate(table, (c) => masks.portugal[c]! * cellAreaKm2(c)), 'our Portuguese data are 1980–2000 and 2014 only (no 2001–2013, 2015–2024)'),
    row('Wildfire', P('Global ice-free land (mean)', 0, 0), '% of ice-free land burnt per year', (100 * 348) / 13_100, 'Giglio et al. 2013 (GFED4): 348 Mha/yr 1997–2011, over ≈ 13,100 Mha ice-free land (GFED5 ratio)', 100 * meanRate(table, land), 'all fire types incl. cropland and savanna burning'),
    row('Wildfire', P('Global ice-free land (mean)', 0, 0), '% of ice-free land burnt per year', 5.9, 'Chen et al. 2023 (GFED5): 774 Mha/yr = 5.9 % of ice-free land, 2001–2020', 100 * meanRate(table, land), 'savannas dominate global burning; our extension does not reach their rates'),
  ];
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const wildfire = tables.get('Wildfire');
  return wildfire?.type === 'rate' ? wildfireRows(wildfire) : [];
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const wildfire = tables.get('Wildfire');
  if (!wildfire) return [];
  const ice = annualProbability(wildfire, PLACES.greenland);
  return [
    greater('Wildfire', wildfire, PLACES.laFoothills, PLACES.sacramento),
    greater('Wildfire', wildfire, PLACES.sacramento, PLACES.sanFrancisco),
    greater('Wildfire', wildfire, PLACES.viseu, PLACES.lisbon),
    greater('Wildfire', wildfire, PLACES.sydneyOutskirts, PLACES.london),
    { peril: 'Wildfire', claim: `${PLACES.greenland.name} has no coverage`, holds: ice === null, detail: ice === null ? 'cellRow = -1' : `${(100 * ice).toPrecision(3)} %` },
  ];
}

/** Mainland Australia and Tasmania; the northern limit leaves out New Guinea. */
const AUSTRALIA = { south: -44, north: -10.6, west: 112, east: 154 } as const;
const VEGETATION_FIRE = '0';
const MIN_CONFIDENCE = 30;
const FIRMS_WINDOW = { startDay: daysFromCivil(2019, 8, 1), endDay: daysFromCivil(2019, 9, 30), startHour: 0, endHour: 23 };

/**
 * FIRMS sanity check: NASA FIRMS MODIS detections of vegetation fires over
 * Australia, 1 August – 30 September 2019, per 1000 km² of land by Köppen
 * group, beside the Wildfire table's burn probability for the same two months
 * (both read relative to the temperate group).
 */
export interface FirmsGroupRow {
  group: string;
  landKm2: number;
  detectionsPer1000Km2: number;
  /** Land-weighted mean probability (fraction) of burning in Aug–Sep from the table. */
  modelProbability: number;
}

/** Köppen group: main letter, with the temperate (C) climates split by dry season. */
function groupOf(koppen: string): string {
  if (koppen.startsWith('Cs')) return 'Cs (Mediterranean)';
  if (koppen.startsWith('C')) return 'Cf/Cw (temperate)';
  if (koppen.startsWith('A')) return 'A (tropical)';
  if (koppen.startsWith('B')) return 'B (arid)';
  return koppen === '' ? '' : 'other';
}

function inAustralia(latitude: number, longitude: number): boolean {
  return latitude >= AUSTRALIA.south && latitude <= AUSTRALIA.north && longitude >= AUSTRALIA.west && longitude <= AUSTRALIA.east;
}

export function firmsCheck(sourcesDir: string, wildfire: HazardTable): FirmsGroupRow[] {
  const koppen = readKoppen(sourcesDir);
  const masks = regionMasks();
  const detections = new Map<string, number>();
  for (const d of readFirmsDetections(sourcesDir)) {
    if (d.type !== VEGETATION_FIRE || d.confidence < MIN_CONFIDENCE || !inAustralia(d.latitude, d.longitude)) continue;
    const g = groupOf(koppen[cellIndex(GRID, d.latitude, d.longitude)] ?? '');
    if (g !== '') detections.set(g, (detections.get(g) ?? 0) + 1);
  }
  const land = new Map<string, number>();
  const probability = new Map<string, number>();
  for (let c = 0; c < CELLS; c++) {
    const { latitude: la, longitude: lo } = cellCentre(GRID, c);
    const g = groupOf(koppen[c]!);
    const tableRow = wildfire.cellRow[c]!;
    if (g === '' || tableRow < 0 || !inAustralia(la, lo)) continue;
    const area = masks.land[c]! * cellAreaKm2(c);
    land.set(g, (land.get(g) ?? 0) + area);
    probability.set(g, (probability.get(g) ?? 0) + area * referenceWindow(wildfire, tableRow, FIRMS_WINDOW)[0]!);
  }
  return [...land.keys()].sort().map((group) => ({
    group,
    landKm2: land.get(group)!,
    detectionsPer1000Km2: (1000 * (detections.get(group) ?? 0)) / land.get(group)!,
    modelProbability: probability.get(group)! / land.get(group)!,
  }));
}

/**
 * Check of the disc footprint against mapped perimeters: for each CAL FIRE FRAP
 * perimeter (fires ≥ 5,000 ac, 2010–2019) the burnt area per 0.5° cell from the
 * polygon itself and from a disc of the same area at the polygon's vertex mean;
 * the overlap Σ min(polygon, disc) / Σ polygon is the share the disc puts in
 * the right cells.
 */
export interface PerimeterCheck {
  fires: number;
  mappedKm2: number;
  /** Mapped area in the right cells when each fire is a disc. */
  overlapShare: number;
  /** Mapped area outside the cell of the disc centre. */
  outsideHomeShare: number;
}

export function perimeterCheck(sourcesDir: string): PerimeterCheck {
  let mapped = 0;
  let overlap = 0;
  let outsideHome = 0;
  let fires = 0;
  for (const rings of readFrapPerimeters(sourcesDir)) {
    const polygon = coverFraction(polygonSpans(rings as Ring[])).map((f, c) => f * cellAreaKm2(c));
    const area = polygon.reduce((a, b) => a + b, 0);
    if (!(area > 0)) continue;
    const vertices = rings.flat();
    const latitude = vertices.reduce((s, v) => s + v[1], 0) / vertices.length;
    const longitude = vertices.reduce((s, v) => s + v[0], 0) / vertices.length;
    const disc = burntAreaGrid([{ latitude, longitude, areaHa: area * 100 }]);
    const home = burntAreaGrid([{ latitude, longitude, areaHa: 1 }]).findIndex((v) => v > 0);
    fires++;
    mapped += area;
    for (let c = 0; c < CELLS; c++) if (polygon[c]! > 0) overlap += Math.min(polygon[c]!, disc[c]!);
    outsideHome += area - polygon[home]!;
  }
  return { fires, mappedKm2: mapped, overlapShare: overlap / mapped, outsideHomeShare: outsideHome / mapped };
}
