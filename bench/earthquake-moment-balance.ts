/**
 * Moment-rate budget of the Earthquake source model against the plate rates
 * (issue 33, "no double counting"): in each region, the seismic moment rate
 * our sources release — the smoothed layer of the boundary's regime
 * (Gutenberg–Richter from M 4.5 to each cell's Mmax, as integrated), plus the
 * fault sources whose trace's middle vertex lies in the region — against the
 * moment rate the plates load: μ · Σ(step length × rate) · W over the region's
 * PB2002 steps of the boundary's class (Bird 2003), rate the convergence for
 * SUB and CCB steps, the strike-slip component for CTF steps; W the seismogenic
 * down-dip width of the region's fault source (of the fault rows' citations);
 * full coupling. The ratio is the coupling our model implies: above 1 a region
 * releases more than the plates load — moment counted twice.
 * M0 = 10^(1.5 M + 9.05) N·m (Hanks & Kanamori 1979); μ = 30 GPa.
 * Run: node --import tsx bench/earthquake-moment-balance.ts
 */
import path from 'node:path';
import { cellCentre } from '../src/engine/grid.js';
import { buildEarthquakeSources } from '../src/models/earthquake/build.js';
import { binShares, magnitudeBins } from '../src/models/earthquake/exceedance-tables.js';
import { FAULT_SOURCES } from '../src/models/earthquake/fault-sources.js';
import { rateAboveMinimum } from '../src/models/earthquake/hazard.js';
import { LAYERS } from '../src/models/earthquake/parameters.js';
import { readPlateSteps } from '../src/models/earthquake/sources.js';

const SHEAR_MODULUS_PA = 3e10;
const moment = (m: number): number => 10 ** (1.5 * m + 9.05);

interface Region {
  name: string;
  /** [south, north, west, east] */
  box: [number, number, number, number];
  stepClass: 'SUB' | 'CCB' | 'CTF';
  /** The fault row whose down-dip width W sets the seismogenic area; CTF regions use 15 km, the strike-slip rows' width. */
  fault?: string;
}

const REGIONS: Region[] = [
  { name: 'Central Chile (30–36° S)', box: [-36, -30, -75, -69], stepClass: 'SUB', fault: 'Chile, central (Valparaíso)' },
  { name: 'Central Peru (10–14.5° S)', box: [-14.5, -10, -81, -75], stepClass: 'SUB', fault: 'Peru, central (Lima)' },
  { name: 'Japan Trench (35.8–40.5° N)', box: [35.8, 40.5, 140, 146], stepClass: 'SUB', fault: 'Japan Trench (Tohoku type)' },
  { name: 'Nankai (31–35° N)', box: [31, 35, 131, 139.5], stepClass: 'SUB', fault: 'Nankai–Tokai trough' },
  { name: 'Cascadia (40.3–49.5° N)', box: [40.3, 49.5, -128, -122], stepClass: 'SUB', fault: 'Cascadia, full margin' },
  { name: 'Sumatra, Mentawai (5.5–0.5° S)', box: [-5.5, -0.5, 96, 102.5], stepClass: 'SUB', fault: 'Sunda, Mentawai' },
  { name: 'Hikurangi (42–37.5° S)', box: [-42, -37.5, 174, 180], stepClass: 'SUB', fault: 'Hikurangi' },
  { name: 'Nepal Himalaya (80–88° E)', box: [26, 30, 80, 88], stepClass: 'CCB', fault: 'Main Himalayan Thrust, central–eastern Nepal (great)' },
  { name: 'San Andreas system (33–40° N)', box: [33, 40, -124.5, -115.5], stepClass: 'CTF' },
  { name: 'North Anatolian, Marmara (26.5–31° E)', box: [40, 41.5, 26.5, 31], stepClass: 'CTF' },
];
const STRIKE_SLIP_WIDTH_KM = 15;

const inBox = (box: Region['box'], latitude: number, longitude: number): boolean =>
  latitude >= box[0] && latitude <= box[1] && longitude >= box[2] && longitude <= box[3];

const sourcesDir = process.env.HAZRISK_SOURCES ?? path.resolve('../shared/data');
// The source model exactly as the build integrates it (Mmax capped near faults, zones' cells cleared).
const { grid, model } = buildEarthquakeSources(sourcesDir);
const steps = readPlateSteps(sourcesDir);
const bins = magnitudeBins();

/** Moment rate (N·m/yr) of one layer's smoothed seismicity over the cells in a box. */
function smoothedMomentRate(layer: number, box: Region['box']): number {
  let total = 0;
  const b = model.bByLayer[layer]!;
  for (let cell = 0; cell < grid.nlat * grid.nlon; cell++) {
    const rate = model.rateByLayer[layer]![cell]!;
    if (!(rate > 0)) continue;
    const { latitude, longitude } = cellCentre(grid, cell);
    if (!inBox(box, latitude, longitude)) continue;
    const mmax = model.mmaxByLayer[layer]![cell]!;
    const shares = binShares(bins, mmax, b);
    let perEvent = 0;
    shares.forEach((share, k) => (perEvent += share * moment(bins[k]!)));
    total += rateAboveMinimum(rate, mmax, b) * perEvent;
  }
  return total;
}

console.log('| region | class | W (km) | plate moment rate, full coupling (N·m/yr) | smoothed layer | fault sources | ours ÷ plate (implied coupling) |');
console.log('|---|---|---|---|---|---|---|');
for (const region of REGIONS) {
  const fault = region.fault ? FAULT_SOURCES.find((f) => f.name === region.fault)! : undefined;
  const widthKm = fault?.widthKm ?? STRIKE_SLIP_WIDTH_KM;
  let loading = 0;
  for (const s of steps) {
    const mid = [(s.startLatitude + s.endLatitude) / 2, (s.startLongitude + s.endLongitude) / 2] as const;
    if (s.stepClass !== region.stepClass || !inBox(region.box, mid[0], mid[1])) continue;
    const rate = region.stepClass === 'CTF' ? s.strikeSlipMmYr : s.convergenceMmYr;
    loading += SHEAR_MODULUS_PA * s.lengthKm * 1e3 * widthKm * 1e3 * rate * 1e-3;
  }
  const layer = LAYERS.findIndex((l) => l.regime === (region.stepClass === 'SUB' ? 'interface' : 'active'));
  const smoothed = smoothedMomentRate(layer, region.box);
  const faults = FAULT_SOURCES.filter((f) => {
    const [lat, lon] = f.trace[Math.floor(f.trace.length / 2)]!;
    return f.regime === LAYERS[layer]!.regime && inBox(region.box, lat, lon);
  }).reduce((sum, f) => sum + moment(f.magnitude) / f.recurrenceYears, 0);
  const e = (x: number): string => x.toExponential(2);
  console.log(`| ${region.name} | ${region.stepClass} | ${widthKm} | ${e(loading)} | ${e(smoothed)} | ${e(faults)} | ${((smoothed + faults) / loading).toFixed(2)} |`);
}
