import { readKoppen } from '../../catalogues/koppen.js';
import { daysFromCivil } from '../../engine/calendar.js';
import { cellCentre, cellIndex } from '../../engine/grid.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import { CELLS, GRID, cellAreaKm2 } from '../toolkit/half-degree.js';
import { coverFraction, polygonSpans, type Ring } from '../toolkit/scanlines.js';
import { burntAreaGrid } from './fire-footprints.js';
import { regionMasks } from './regions.js';
import { readFirmsDetections, readFrapPerimeters } from './sources.js';

/**
 * Two checks of the Wildfire table and method that are not calibrations and
 * need the catalogues (so they run in the bench script, not in
 * validation.ts): FIRMS detections over Australia by Köppen group, and the
 * disc footprint against mapped FRAP perimeters.
 */

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
