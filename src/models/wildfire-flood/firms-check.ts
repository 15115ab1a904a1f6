import { daysFromCivil } from '../../engine/calendar.js';
import { cellIndex } from '../../engine/grid.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import { sourceFile } from '../../catalogues/files.js';
import { readCsvTable } from './csv-table.js';
import { CELLS, GRID, cellAreaKm2, readKoppen } from './half-degree.js';
import { regionMasks } from './regions.js';

/**
 * Sanity check (not a calibration) against NASA FIRMS MODIS detections over
 * Australia, 1 August – 30 September 2019: detections of vegetation fires per
 * 1000 km² of land by Köppen group, beside the Wildfire table's burn probability
 * for the same two months, both relative to the temperate group.
 */
export const FIRMS = { folder: 'firms-modis-australia-2019', file: 'fire_archive_M6_96619.csv.gz' } as const;
/** Mainland Australia and Tasmania; the northern limit leaves out New Guinea. */
const AUSTRALIA = { south: -44, north: -10.6, west: 112, east: 154 } as const;
const VEGETATION_FIRE = '0';
const MIN_CONFIDENCE = 30;
const WINDOW = { startDay: daysFromCivil(2019, 8, 1), endDay: daysFromCivil(2019, 9, 30), startHour: 0, endHour: 23 };

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
  const t = readCsvTable(sourceFile(sourcesDir, FIRMS.folder, FIRMS.file));
  const [lat, lon, confidence, type] = ['latitude', 'longitude', 'confidence', 'type'].map(t.column) as [number, number, number, number];
  const detections = new Map<string, number>();
  for (const r of t.rows) {
    const la = Number(r[lat]);
    const lo = Number(r[lon]);
    if (r[type] !== VEGETATION_FIRE || Number(r[confidence]) < MIN_CONFIDENCE || !inAustralia(la, lo)) continue;
    const g = groupOf(koppen[cellIndex(GRID, la, lo)] ?? '');
    if (g !== '') detections.set(g, (detections.get(g) ?? 0) + 1);
  }
  const land = new Map<string, number>();
  const probability = new Map<string, number>();
  for (let c = 0; c < CELLS; c++) {
    const la = GRID.lat0 + (Math.floor(c / GRID.nlon) + 0.5) * GRID.dlat;
    const lo = GRID.lon0 + ((c % GRID.nlon) + 0.5) * GRID.dlon;
    const g = groupOf(koppen[c]!);
    const row = wildfire.cellRow[c]!;
    if (g === '' || row < 0 || !inAustralia(la, lo)) continue;
    const area = masks.land[c]! * cellAreaKm2(c);
    land.set(g, (land.get(g) ?? 0) + area);
    probability.set(g, (probability.get(g) ?? 0) + area * referenceWindow(wildfire, row, WINDOW)[0]!);
  }
  return [...land.keys()].sort().map((group) => ({
    group,
    landKm2: land.get(group)!,
    detectionsPer1000Km2: (1000 * (detections.get(group) ?? 0)) / land.get(group)!,
    modelProbability: probability.get(group)! / land.get(group)!,
  }));
}
