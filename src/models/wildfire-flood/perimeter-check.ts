import { burntAreaGrid } from './fire-footprints.js';
import { readGeoJsonFeatures } from './geojson.js';
import { CELLS, cellAreaKm2 } from './half-degree.js';
import { coverFraction, polygonSpans, type Ring } from './rasterise.js';

/**
 * Check of the disc footprint against mapped perimeters: for each CAL FIRE FRAP
 * perimeter (fires ≥ 5,000 ac, 2010–2019) the burnt area per 0.5° cell from the
 * polygon itself and from a disc of the same area at the polygon's vertex mean;
 * the overlap Σ min(polygon, disc) / Σ polygon is the share the disc puts in
 * the right cells.
 */
export const PERIMETERS = { folder: 'fire-perimeters', file: 'calfire_frap_perimeters_ge5000ac_2010-2019.geojson.gz' } as const;

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
  for (const rings of readGeoJsonFeatures(sourcesDir, PERIMETERS.folder, PERIMETERS.file)) {
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
