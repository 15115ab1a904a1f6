import { cellIndex } from '../../engine/grid.js';
import { TailQuantileTable } from './distributions.js';
import { clamp, fitLinear, quantile, type LinearFit } from '../toolkit/least-squares.js';
import { GENERATOR, isCalibrationStation } from './parameters.js';
import { fitSnowPartition, type SnowPartitionFit } from './snow-partition.js';
import { cellPositions, type CruClimatology, type HcnMonth, type HcnStation } from './sources.js';
import { MEAN_DAYS_IN_MONTH, MEAN_DAYS_PER_MONTH } from '../../units.js';

/**
 * Calibration of the CRU-driven generator against US HCN station statistics.
 * Every relation maps the CRU values of the cell containing a station (the
 * covariates the generator has everywhere) to that station's statistics, so
 * gridding and wet-day-definition differences between CRU and HCN are absorbed.
 *
 *   logit(P₁ / P₀)  = c · [1, ln μ₀, T]              occurrence ratio, P₁ = P(≥ 1 mm)
 *   ln α            = c · [1, ln μ₀, P₀, T, DTR]      gamma shape of ≥ 1 mm amounts matched to the
 *                                                     station's mean and 99th percentile
 *   ρ = p11 − p01   = c · [1, ln μ₀, P₀, T]           Markov persistence (≥ 1 mm wet days)
 *
 * with P₀ = CRU wet days / days in month, μ₀ = CRU mean precipitation / P₀ (mm
 * per CRU wet day), T and DTR the CRU mean temperature and diurnal range.
 * Only the calibration half of the stations (isCalibrationStation) is used.
 */
export interface CruCovariates {
  p0: number;
  lnMu0: number;
  temp: number;
  dtr: number;
}

export type CovariateRange = Record<keyof CruCovariates, [number, number]>;

export interface Calibration {
  occurrence: LinearFit;
  shape: LinearFit;
  persistence: LinearFit;
  covariateRange: CovariateRange;
  /** Mean amount (mm) on days with 0.1–1 mm, removed before the ≥ 1 mm mean is formed. */
  subThresholdDayMm: number;
  snow: SnowPartitionFit;
  stations: number;
  stationMonths: number;
}

/** CRU covariates of one cell-month, or null where the month has no CRU wet days or precipitation. */
export function cruCovariates(pre: number, wet: number, temp: number, dtr: number, month: number): CruCovariates | null {
  if (!(pre > 0 && wet > 0) || !Number.isFinite(temp) || !Number.isFinite(dtr)) return null;
  const p0 = Math.min(wet / MEAN_DAYS_IN_MONTH[month]!, 1);
  return { p0, lnMu0: Math.log(pre / p0), temp, dtr };
}

export function clampCovariates(c: CruCovariates, range: CovariateRange): CruCovariates {
  return {
    p0: clamp(c.p0, ...range.p0),
    lnMu0: clamp(c.lnMu0, ...range.lnMu0),
    temp: clamp(c.temp, ...range.temp),
    dtr: clamp(c.dtr, ...range.dtr),
  };
}

export const occurrenceCovariates = (c: CruCovariates): number[] => [c.lnMu0, c.temp];
export const shapeCovariates = (c: CruCovariates): number[] => [c.lnMu0, c.p0, c.temp, c.dtr];
export const persistenceCovariates = (c: CruCovariates): number[] => [c.lnMu0, c.p0, c.temp];

interface Sample {
  covariates: CruCovariates[];
  occurrence: number[];
  lnShape: number[];
  persistence: number[];
  snowShare: number[];
  stations: Set<string>;
}

export function calibrate(cru: CruClimatology, allStations: readonly HcnStation[], allMonths: readonly HcnMonth[]): Calibration {
  const stations = allStations.filter((s) => isCalibrationStation(s.id));
  const months = allMonths.filter((m) => isCalibrationStation(m.station));
  const sample = buildSample(cru, stations, months);
  const column = <T>(f: (c: CruCovariates) => T): T[] => sample.covariates.map(f);
  const byColumn = (f: (c: CruCovariates) => number[]): number[][] => {
    const rows = sample.covariates.map(f);
    return rows[0]!.map((_, j) => rows.map((r) => r[j]!));
  };
  const [lo, hi] = GENERATOR.covariateQuantiles;
  const range = (f: (c: CruCovariates) => number): [number, number] => {
    const values = column(f);
    return [quantile(values, lo), quantile(values, hi)];
  };
  const snow = fitSnowPartition(column((c) => c.temp), column((c) => c.dtr), sample.snowShare);
  return {
    occurrence: fitLinear(sample.occurrence, byColumn(occurrenceCovariates)),
    shape: fitLinear(sample.lnShape, byColumn(shapeCovariates)),
    persistence: fitLinear(sample.persistence, byColumn(persistenceCovariates)),
    covariateRange: { p0: range((c) => c.p0), lnMu0: range((c) => c.lnMu0), temp: range((c) => c.temp), dtr: range((c) => c.dtr) },
    subThresholdDayMm: subThresholdDayAmount(months),
    snow,
    stations: sample.stations.size,
    stationMonths: sample.covariates.length,
  };
}

function buildSample(cru: CruClimatology, stations: readonly HcnStation[], months: readonly HcnMonth[]): Sample {
  const positions = cellPositions(cru);
  const stationPos = new Map<string, number>();
  for (const s of stations) {
    const cell = cellIndex(cru.grid, s.latitude, s.longitude);
    if (cell >= 0 && positions[cell]! >= 0) stationPos.set(s.id, positions[cell]!);
  }
  const tails = new TailQuantileTable();
  const [clipLo, clipHi] = GENERATOR.occurrenceRatioClip;
  const sample: Sample = { covariates: [], occurrence: [], lnShape: [], persistence: [], snowShare: [], stations: new Set() };
  for (const m of months) {
    const pos = stationPos.get(m.station);
    if (pos === undefined || !(m.month >= 0 && m.month < 12)) continue;
    const at = pos * 12 + m.month;
    const c = cruCovariates(cru.values.pre[at]!, cru.values.wet[at]!, cru.values.tmp[at]!, cru.values.dtr[at]!, m.month);
    if (!c) continue;
    const ratio = clamp(m.pWet1 / c.p0, clipLo, clipHi);
    sample.covariates.push(c);
    sample.occurrence.push(Math.log(ratio / (1 - ratio)));
    const shape = m.wetMeanMm > 0 && m.wetQ99Mm > 0 ? tails.fitShape(m.wetQ99Mm / m.wetMeanMm) : NaN;
    sample.lnShape.push(Math.log(shape));
    sample.persistence.push(m.pWetGivenWet - m.pWetGivenDry);
    sample.snowShare.push(m.pWet01 > 0 ? Math.min(1, m.pSnowfallDay / m.pWet01) : NaN);
    sample.stations.add(m.station);
  }
  return sample;
}

/** Median over HCN station-months of the mean amount on 0.1–1 mm days, from the monthly balance. */
function subThresholdDayAmount(months: readonly HcnMonth[]): number {
  const amounts = months
    .filter((m) => m.pWet01 > m.pWet1 && m.pWet1 > 0)
    .map((m) => (m.monthlyMm / MEAN_DAYS_PER_MONTH - m.pWet1 * m.wetMeanMm) / (m.pWet01 - m.pWet1));
  return quantile(amounts, 0.5);
}
