import { cellCentre } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { cellAreaKm2 } from '../toolkit/half-degree.js';
import { cutoffKm, type ExceedanceTables } from './exceedance-tables.js';
import { ownCellDistancesKm } from './hazard.js';
import { LAYERS, RECURRENCE } from './parameters.js';
import { forCellsWithin } from './smoothing.js';

/**
 * Regional area (zone) sources (docs/models/earthquake.md "Area sources"):
 * zones whose hazard a century of M ≥ 5.5 instrumental catalogue
 * under-represents. Each zone is a latitude–longitude box (edges on the 0.5°
 * grid, drawn round the epicentres of the events its rate counts); its rate of
 * M ≥ `mLow` is spread over the box's cells in proportion to their area, with a
 * Gutenberg–Richter law of slope `b` truncated at `mmax`, and shakes sites
 * through the ground-motion model, depth and rupture scaling of its `layer`
 * (LAYERS name), exactly as that layer's smoothed seismicity does.
 * Two kinds: a published historical rate of large events that adds to the
 * smoothed model (`smoothed: 'adds'`), and a zone of concentrated seismicity in
 * eastern North America whose rate of all magnitudes from the model's Mmin is
 * counted in the USGS catalogue (bench/ceus-zone-rates.ts) and replaces the
 * layer's smoothed rate in its cells (`smoothed: 'replaces'`).
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
  /** Whether the zone adds to its layer's smoothed rate in its cells or replaces it. */
  smoothed: 'adds' | 'replaces';
  citation: string;
}

/** How the eastern North American zones' rates were counted (bench/ceus-zone-rates.ts). */
const CEUS_CATALOGUE =
  'Rate: declustered events of the USGS catalogue of the 2018 national model (Mueller 2019, Seismol. Res. Lett. 90:251–261; nshm-conus catalogs/ceus/full/emm_pn.c2) in the box, ' +
  'M ≥ 3 weighted by the catalogue N*, complete M 3–3.5 since 1975, 3.5–4 since 1950, 4–4.5 since 1930, 4.5–5 since 1860, 5–5.5 since 1800, ≥ 5.5 since 1700, to 2023; ' +
  'Weichert (1980) rate with b = 1.0, the USGS CEUS value (Petersen et al. 2014, USGS OFR 2014-1091); counted by bench/ceus-zone-rates.ts. ' +
  'Every zone lies in extended crust round the craton (the extended-margin Mmax zone of the USGS model in the US; the Ottawa–Bonnechere and St Lawrence rifts in Canada), ' +
  'whose preferred Mmax in the USGS model is 7.5 (Mueller 2010, BSSA 100(2), on the influence of Mmax in the CEUS), except where a fault source sets it';

export const AREA_SOURCES: readonly AreaSource[] = [
  {
    name: 'Puget Sound in-slab (Nisqually type)', layer: 'in-slab 40–70 km', south: 47.0, north: 49.0, west: -123.0, east: -122.0,
    rate: 0.0367, mLow: 6.0, mmax: 7.2, b: 0.4, smoothed: 'adds',
    citation:
      'Rate: USGS estimate of an 84 % probability of a M ≥ 6 deep (in-slab) earthquake in 50 yr, −ln(0.16)/50 = 0.0367/yr (CREW 2008, Cascadia Deep Earthquakes; PNSN deep-earthquake scenarios); ' +
      'the historical M ≥ 6 in-slab events all lie in this box at 40–70 km (1909 M 6.0, 1939 M 6.2, 1949 Olympia M 6.8, 1965 Seattle–Tacoma M 6.7 at 59 km, 2001 Nisqually M 6.8 at 52 km; Ichinose, Thio & Somerville 2006, JGR 111, source study of the 1939, 1946, 1949 and 1965 events). ' +
      'b = 0.4 and Mmax 7.2 for Puget Sound deep events: Frankel et al. (2002, USGS OFR 02-420), kept in the USGS 2014/2018 models (Petersen et al. 2014, 2020)',
  },
  {
    name: 'Reno–Carson City corridor (Walker Lane)', layer: 'active crust', south: 39.0, north: 40.5, west: -120.0, east: -119.0,
    rate: 0.045, mLow: 6.0, mmax: 7.3, b: 0.907, smoothed: 'adds',
    citation:
      'Rate: eight M ≥ 6 historical earthquakes in the Reno–Carson City urban corridor from ~1845 to 2023, 8/178 yr = 0.045/yr ' +
      '(Pyramid Lake ~1845–52 M 7–7.3, 1860 M ~7, 1868 M 6, 1869 M 6.7 and 6.1, 1887 Carson City, two 1914 Reno M 6+; dePolo, Nevada Bureau of Mines and Geology Newsletter 14, 1992, ' +
      '"Seismic hazards in the Reno–Carson City urban corridor"); Mmax 7.3 the largest of them; b the active-crust layer\'s Weichert fit',
  },
  {
    name: 'New Madrid seismic zone (Reelfoot rift)', layer: 'stable crust', south: 35.5, north: 37.5, west: -91.0, east: -88.5,
    rate: 0.120, mLow: 4.5, mmax: 6.8, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: the Reelfoot rift and its arms (Johnston & Schweig 1996, Annu. Rev. Earth Planet. Sci. 24:339–384; the RR zone of CEUS-SSC, NUREG-2115, 2012); the 1811–1812 M 7.3–7.5 events are the fault sources' and not counted; Mmax 0.5 below them (the rule near fault sources)`,
  },
  {
    name: 'Wabash Valley seismic zone', layer: 'stable crust', south: 37.5, north: 39.0, west: -89.0, east: -87.0,
    rate: 0.0239, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: 1968 M 5.3, 2008 Mt Carmel M 5.2, 1987 M 5.0 (Obermeier et al. 1991, Science 251:1061–1063; CEUS-SSC 2012); Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Eastern Tennessee seismic zone', layer: 'stable crust', south: 34.5, north: 36.5, west: -86.0, east: -83.5,
    rate: 0.0471, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Powell et al. (1994, Science 264:686–688), the second most active zone in the eastern US; Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Charleston (Middleton Place–Summerville)', layer: 'stable crust', south: 32.5, north: 33.5, west: -80.5, east: -79.5,
    rate: 0.0161, mLow: 4.5, mmax: 6.8, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Tarr & Rhea (1983, USGS PP 1313); the 1886 M 6.9 event is the fault source's and not counted; Mmax 0.5 below it (the rule near fault sources)`,
  },
  {
    name: 'Central Virginia seismic zone', layer: 'stable crust', south: 37.0, north: 38.5, west: -79.0, east: -77.0,
    rate: 0.0057, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Bollinger (1973, BSSA 63:1785–1808); 2011 Mineral M 5.7, 1875 M 4.8; Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Newark basin and Ramapo (New York–New Jersey)', layer: 'stable crust', south: 40.0, north: 41.5, west: -75.5, east: -73.0,
    rate: 0.0080, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Sykes et al. (2008, BSSA 98:1696–1719); 1737, 1783 and 1884 M 4.8–5.1; Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Northern Appalachians (New England)', layer: 'stable crust', south: 41.5, north: 45.5, west: -73.5, east: -69.5,
    rate: 0.0338, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: 1638 M 6.5, 1755 Cape Ann M 6.1, 1940 Ossipee M 5.6 and 5.4 (Ebel 2006, Seismol. Res. Lett. 77:74–86); Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Western Quebec seismic zone', layer: 'stable crust', south: 45.0, north: 47.0, west: -77.0, east: -74.0,
    rate: 0.0594, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Adams & Basham (1989, Geosci. Can. 16:3–16); 1914 and 2010 Val-des-Bois M 5.0–5.1; Mmax 7.5, the USGS preferred Mmax of the extended margin`,
  },
  {
    name: 'Charlevoix seismic zone', layer: 'stable crust', south: 47.0, north: 48.0, west: -71.0, east: -69.5,
    rate: 0.0364, mLow: 4.5, mmax: 7.5, b: 1.0, smoothed: 'replaces',
    citation: `${CEUS_CATALOGUE}; zone: Adams & Basham (1989); 1870 M 6.6, 1925 M 6.4, 1860 M 6.1; Mmax 7.5, the USGS preferred Mmax of the extended margin`,
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

/** Index in LAYERS of the zone's layer. */
function zoneLayer(source: AreaSource): number {
  const layer = LAYERS.findIndex((l) => l.name === source.layer);
  if (layer < 0) throw new Error(`area source ${source.name}: no layer ${source.layer}`);
  return layer;
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

/**
 * Clears, in the cells of each zone that replaces its layer's smoothed rate,
 * that layer's smoothed rate (source-model.ts rateByLayer): the zone's counted
 * rate stands for every magnitude from the model's Mmin there.
 */
export function clearReplacedSmoothing(sources: readonly AreaSource[], grid: GridDef, rateByLayer: Float64Array[]): void {
  for (const source of sources) {
    if (source.smoothed !== 'replaces') continue;
    const rates = rateByLayer[zoneLayer(source)]!;
    for (const cell of zoneCells(grid, source)) rates[cell] = 0;
  }
}

/** Adds each zone's annual exceedance rates to the sites' rows (rows × K), like the smoothed layers (hazard.ts). */
export function addAreaHazard(sources: readonly AreaSource[], tables: ExceedanceTables, grid: GridDef, siteRow: Int32Array, rates: Float64Array): void {
  const k = tables.thresholds.length;
  const step = tables.stepKm;
  for (const source of sources) {
    const layer = zoneLayer(source);
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
