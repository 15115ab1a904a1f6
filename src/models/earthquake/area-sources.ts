import { cellCentre } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { cellAreaKm2 } from '../toolkit/half-degree.js';
import { cutoffKm, type ExceedanceTables } from './exceedance-tables.js';
import { ownCellDistancesKm } from './hazard.js';
import { LAYERS, RECURRENCE } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

/**
 * Regional area (zone) sources: published rates of moderate-to-large
 * earthquakes in a few zones whose hazard a century of M ≥ 5.5 instrumental
 * catalogue under-represents (docs/models/earthquake.md "Area sources").
 * Each zone is a latitude–longitude box (edges on the 0.5° grid, drawn round the
 * epicentres of the events its rate counts); its rate of M ≥ `mLow` is spread
 * over the box's cells in proportion to their area, with a Gutenberg–Richter
 * law of slope `b` truncated at `mmax`, and shakes sites through the
 * ground-motion model, depth and rupture scaling of its `layer` (LAYERS name),
 * exactly as that layer's smoothed seismicity does. The zones add to the
 * smoothed model (their events are a small part of its global rates).
 */
export interface AreaSource {
  name: string;
  /** LAYERS entry whose depth, ground-motion model and rupture scaling the zone's events take. */
  layer: string;
  south: number;
  north: number;
  west: number;
  east: number;
  /** Annual rate of M ≥ mLow in the whole zone. */
  rate: number;
  mLow: number;
  mmax: number;
  b: number;
  citation: string;
}

export const AREA_SOURCES: readonly AreaSource[] = [
  {
    name: 'Puget Sound in-slab (Nisqually type)', layer: 'in-slab 40–70 km', south: 47.0, north: 49.0, west: -123.0, east: -122.0,
    rate: 0.0367, mLow: 6.0, mmax: 7.2, b: 0.4,
    citation:
      'Rate: USGS estimate of an 84 % probability of a M ≥ 6 deep (in-slab) earthquake in 50 yr, −ln(0.16)/50 = 0.0367/yr (CREW 2008, Cascadia Deep Earthquakes; PNSN deep-earthquake scenarios); ' +
      'the historical M ≥ 6 in-slab events all lie in this box at 40–70 km (1909 M 6.0, 1939 M 6.2, 1949 Olympia M 6.8, 1965 Seattle–Tacoma M 6.7 at 59 km, 2001 Nisqually M 6.8 at 52 km; Ichinose, Thio & Somerville 2006, JGR 111, source study of the 1939, 1946, 1949 and 1965 events). ' +
      'b = 0.4 and Mmax 7.2 for Puget Sound deep events: Frankel et al. (2002, USGS OFR 02-420), kept in the USGS 2014/2018 models (Petersen et al. 2014, 2020)',
  },
  {
    name: 'Reno–Carson City corridor (Walker Lane)', layer: 'active crust', south: 39.0, north: 40.5, west: -120.0, east: -119.0,
    rate: 0.045, mLow: 6.0, mmax: 7.3, b: 0.907,
    citation:
      'Rate: eight M ≥ 6 historical earthquakes in the Reno–Carson City urban corridor from ~1845 to 2023, 8/178 yr = 0.045/yr ' +
      '(Pyramid Lake ~1845–52 M 7–7.3, 1860 M ~7, 1868 M 6, 1869 M 6.7 and 6.1, 1887 Carson City, two 1914 Reno M 6+; dePolo, Nevada Bureau of Mines and Geology Newsletter 14, 1992, ' +
      '"Seismic hazards in the Reno–Carson City urban corridor"); Mmax 7.3 the largest of them; b the active-crust layer\'s Weichert fit',
  },
];

/**
 * Exceedance per unit rate of M ≥ mLow for one zone, by distance node of its
 * layer's tables: the GR shares of the magnitude bins between mLow and mmax
 * (bins are whole 0.1 steps from RECURRENCE.mMin) times P(IM ≥ x | bin, R).
 */
export function zoneResponse(tables: ExceedanceTables, layer: number, source: AreaSource): Float64Array {
  const k = tables.thresholds.length;
  const nodes = tables.nodes[layer]!;
  const out = new Float64Array(nodes * k);
  const half = RECURRENCE.binWidth / 2;
  const norm = 1 - 10 ** (-source.b * (source.mmax - source.mLow));
  const table = tables.byLayer[layer]!;
  tables.bins.forEach((m, bin) => {
    const [lo, hi] = [m - half, m + half];
    if (lo < source.mLow - 1e-9 || hi > source.mmax + 1e-9) return;
    const share = (10 ** (-source.b * (lo - source.mLow)) - 10 ** (-source.b * (hi - source.mLow))) / norm;
    const base = bin * nodes * k;
    for (let i = 0; i < out.length; i++) out[i]! += share * table[base + i]!;
  });
  return out;
}

/** The cells of the grid whose centres lie inside the zone's box. */
export function zoneCells(grid: GridDef, source: AreaSource): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < grid.nlat * grid.nlon; cell++) {
    const { latitude, longitude } = cellCentre(grid, cell);
    if (latitude > source.south && latitude < source.north && longitude > source.west && longitude < source.east) cells.push(cell);
  }
  return cells;
}

/** Adds each zone's annual exceedance rates to the sites' rows (rows × K), like the smoothed layers (hazard.ts). */
export function addAreaHazard(sources: readonly AreaSource[], tables: ExceedanceTables, grid: GridDef, siteRow: Int32Array, rates: Float64Array): void {
  const k = tables.thresholds.length;
  const step = tables.stepKm;
  for (const source of sources) {
    const layer = LAYERS.findIndex((l) => l.name === source.layer);
    if (layer < 0) throw new Error(`area source ${source.name}: no layer ${source.layer}`);
    const response = zoneResponse(tables, layer, source);
    const nodes = tables.nodes[layer]!;
    const cells = zoneCells(grid, source);
    const area = cells.reduce((sum, cell) => sum + cellAreaKm2(cell), 0);
    const add = (row: number, nu: number, km: number): void => {
      const x = km / step;
      const node = Math.min(Math.floor(x), nodes - 2);
      const frac = x - node;
      const a = node * k;
      for (let j = 0; j < k; j++) rates[row * k + j]! += nu * (response[a + j]! + frac * (response[a + k + j]! - response[a + j]!));
    };
    for (const cell of cells) {
      const nu = (source.rate * cellAreaKm2(cell)) / area;
      const { latitude, longitude } = cellCentre(grid, cell);
      forCellsWithin(grid, latitude, longitude, cutoffKm(source.mmax, layer), (site, km) => {
        const row = siteRow[site]!;
        if (row < 0) return;
        if (site !== cell) return add(row, nu, km);
        const rings = ownCellDistancesKm(cell);
        for (const r of rings) add(row, nu / rings.length, r);
      });
    }
  }
}
