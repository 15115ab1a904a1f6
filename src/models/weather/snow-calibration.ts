import { expectedCountFromProbability } from '../../engine/formulas.js';
import { gammaQ } from '../../engine/gamma.js';
import { cellIndex } from '../../engine/grid.js';
import type { Calibration } from './calibration.js';
import { cellMonthGenerators, type MonthGenerator } from './generator.js';
import { quantile } from '../toolkit/least-squares.js';
import { HCN_SERIES, SNOW, isCalibrationStation } from './parameters.js';
import { cellPositions, type CruClimatology, type HcnMonth, type HcnStation, type HcnYear } from './sources.js';
import { MEAN_DAYS_IN_MONTH, MEAN_DAYS_PER_MONTH } from '../../units.js';

/**
 * Snow amounts for Cumulativesnow, calibrated on half of the HCN stations
 * (isCalibrationStation), with the generator evaluated at each station's CRU cell:
 *
 * 1. Effective snow-to-liquid ratio r(T) (cm of snow per mm of generator water on
 *    snow days): per CRU-temperature bin, the median over station-months of
 *    observed snowfall ÷ modelled snow water (days × π · q_snow · α · β); linear
 *    between bin medians, constant beyond. It carries both the density of new snow
 *    and the lighter water amounts of snow days compared with all wet days.
 * 2. Snow-day shape α_s: a snow day's water is Gamma(α_s, αβ/α_s) (same mean as
 *    a wet day); α_s is the value at which the median over stations of modelled ÷
 *    observed median annual 1-day snowfall maximum is 1.
 */
export interface SnowAmounts {
  ratioTempC: number[];
  ratioCmPerMm: number[];
  ratioMonths: number[];
  shape: number;
  shapeStations: number;
}

export function effectiveSnowRatio(s: SnowAmounts, tempC: number): number {
  const t = s.ratioTempC;
  const r = s.ratioCmPerMm;
  if (tempC <= t[0]!) return r[0]!;
  for (let i = 0; i + 1 < t.length; i++) {
    if (tempC <= t[i + 1]!) return r[i]! + ((tempC - t[i]!) / (t[i + 1]! - t[i]!)) * (r[i + 1]! - r[i]!);
  }
  return r[r.length - 1]!;
}

export function calibrateSnowAmounts(
  cru: CruClimatology,
  cal: Calibration,
  stations: readonly HcnStation[],
  months: readonly HcnMonth[],
  years: readonly HcnYear[],
): SnowAmounts {
  const generators = stationGenerators(cru, cal, stations.filter((s) => isCalibrationStation(s.id)));
  const ratio = ratioBins(cru, generators, months);
  const partial: SnowAmounts = { ...ratio, shape: NaN, shapeStations: 0 };
  const targets = shapeTargets(cru, generators, years, partial);
  return { ...partial, shape: fitShape(targets), shapeStations: targets.length };
}

interface StationGenerator {
  position: number;
  months: MonthGenerator[];
}

function stationGenerators(cru: CruClimatology, cal: Calibration, stations: readonly HcnStation[]): Map<string, StationGenerator> {
  const positions = cellPositions(cru);
  const out = new Map<string, StationGenerator>();
  for (const s of stations) {
    const cell = cellIndex(cru.grid, s.latitude, s.longitude);
    const position = cell < 0 ? -1 : positions[cell]!;
    if (position < 0) continue;
    const months = cellMonthGenerators(cru, cal, position);
    if (months) out.set(s.id, { position, months });
  }
  return out;
}

function ratioBins(cru: CruClimatology, generators: Map<string, StationGenerator>, months: readonly HcnMonth[]): Pick<SnowAmounts, 'ratioTempC' | 'ratioCmPerMm' | 'ratioMonths'> {
  const edges = SNOW.ratioBinEdges;
  const bins = edges.slice(1).map(() => ({ temps: [] as number[], ratios: [] as number[] }));
  for (const m of months) {
    const sg = generators.get(m.station);
    if (!sg || !Number.isFinite(m.snowfallMonthlyMm)) continue;
    const g = sg.months[m.month]!;
    const water = MEAN_DAYS_PER_MONTH * g.pi * g.qSnow * g.alpha * g.beta;
    if (!(water >= SNOW.ratioMinWaterMm)) continue;
    const temp = cru.values.tmp[sg.position * 12 + m.month]!;
    const bin = edges.findIndex((e, i) => i + 1 < edges.length && temp >= e && temp < edges[i + 1]!);
    if (bin < 0) continue;
    bins[bin]!.temps.push(temp);
    bins[bin]!.ratios.push(m.snowfallMonthlyMm / SNOW.mmPerCm / water);
  }
  const used = bins.filter((b) => b.ratios.length >= SNOW.ratioBinMinMonths);
  if (used.length === 0) throw new Error('snow calibration: no temperature bin has enough HCN station-months');
  return {
    ratioTempC: used.map((b) => quantile(b.temps, 0.5)),
    ratioCmPerMm: used.map((b) => quantile(b.ratios, 0.5)),
    ratioMonths: used.map((b) => b.ratios.length),
  };
}

/** Per snowy calibration station: monthly snow-day probability, water mean, ratio, and the observed median. */
interface ShapeTarget {
  snowDay: number[];
  cmMean: number[];
  observedMedianCm: number;
}

function shapeTargets(cru: CruClimatology, generators: Map<string, StationGenerator>, years: readonly HcnYear[], amounts: SnowAmounts): ShapeTarget[] {
  const maxima = new Map<string, number[]>();
  for (const y of years) {
    if (!generators.has(y.station) || !(y.snowDaysValid >= HCN_SERIES.minValidDays) || !Number.isFinite(y.snowMax1dayMm)) continue;
    const list = maxima.get(y.station) ?? [];
    list.push(y.snowMax1dayMm / SNOW.mmPerCm);
    maxima.set(y.station, list);
  }
  const targets: ShapeTarget[] = [];
  for (const [id, list] of [...maxima].sort((a, b) => a[0].localeCompare(b[0]))) {
    const median = quantile(list, 0.5);
    if (list.length < HCN_SERIES.minYears || !(median >= SNOW.shapeMinMedianCm)) continue;
    const sg = generators.get(id)!;
    targets.push({
      snowDay: sg.months.map((g) => g.pi * g.qSnow),
      cmMean: sg.months.map((g, m) => g.alpha * g.beta * effectiveSnowRatio(amounts, cru.values.tmp[sg.position * 12 + m]!)),
      observedMedianCm: median,
    });
  }
  return targets;
}

/** Median annual 1-day snowfall maximum of a station's generator with snow-day shape `shape`. */
export function medianAnnualMaximum(t: ShapeTarget, shape: number): number {
  const annualHazard = (x: number): number =>
    t.snowDay.reduce((h, p, m) => (p > 0 ? h + MEAN_DAYS_IN_MONTH[m]! * expectedCountFromProbability(p * gammaQ(shape, (x * shape) / t.cmMean[m]!)) : h), 0);
  let lo = Math.log(1e-3);
  let hi = Math.log(1e4);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (annualHazard(Math.exp(mid)) > Math.LN2) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

/** Bisection on ln α_s: the median modelled ÷ observed ratio falls as α_s rises. */
function fitShape(targets: readonly ShapeTarget[]): number {
  if (targets.length === 0) throw new Error('snow calibration: no HCN station with enough snowy years');
  const medianRatio = (shape: number): number => quantile(targets.map((t) => medianAnnualMaximum(t, shape) / t.observedMedianCm), 0.5);
  let lo = Math.log(SNOW.shapeRange[0]);
  let hi = Math.log(SNOW.shapeRange[1]);
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (medianRatio(Math.exp(mid)) > 1) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}
