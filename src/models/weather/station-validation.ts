import type { PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import { rowAt } from '../../engine/grid.js';
import { annualMaxProbabilities, annualQuantile, probabilityAt, thresholdsOf } from './annual-curves.js';
import { quantile } from '../toolkit/least-squares.js';
import { HCN_SERIES, SNOW, WEISS_FACTORS, isCalibrationStation } from './parameters.js';
import { readHcnStations, readHcnYears, type HcnYear } from './sources.js';

/**
 * The built tables against the annual-maximum series of the US HCN stations
 * held out of every calibration (isCalibrationStation false): model median and
 * 10-yr annual maxima (annual-curves.ts) over observed sample quantiles, and mean
 * model P(annual max ≥ x) over the observed share of years. Model k-day maxima
 * come from ⌊365/k⌋ fixed blocks, HCN's from sliding daily sums: the model is
 * scaled by 1.13 / Weiss(k) (fixed interval of one unit → true interval, over k
 * units → true interval; Weiss 1964, WMO-No. 1045 Table 4.4).
 */
const MIN_YEARS = HCN_SERIES.minYears;
const MIN_VALID_DAYS = HCN_SERIES.minValidDays;
/** Observed quantities below this are left out of ratios (mostly snow-free stations). */
const MIN_OBSERVED = { mm: 1, cm: 5 } as const;

interface Series {
  peril: PerilName;
  label: string;
  unit: 'mm' | 'cm';
  blockDays: number;
  value: (y: HcnYear) => number;
  valid: (y: HcnYear) => boolean;
  reliabilityAt: readonly number[];
}

const SERIES: readonly Series[] = [
  { peril: 'Rain', label: 'Rx1day', unit: 'mm', blockDays: 1, value: (y) => y.rx1dayMm, valid: (y) => y.prcpDaysValid >= MIN_VALID_DAYS, reliabilityAt: [50, 100] },
  { peril: 'CumulativeRain', label: 'Rx5day', unit: 'mm', blockDays: 5, value: (y) => y.rx5dayMm, valid: (y) => y.prcpDaysValid >= MIN_VALID_DAYS, reliabilityAt: [100, 200] },
  { peril: 'Cumulativesnow', label: '1-day snowfall max', unit: 'cm', blockDays: 1, value: (y) => y.snowMax1dayMm / SNOW.mmPerCm, valid: (y) => y.snowDaysValid >= MIN_VALID_DAYS, reliabilityAt: [10, 30] },
  { peril: 'Cumulativesnow', label: '3-day snowfall max', unit: 'cm', blockDays: 3, value: (y) => y.snowMax3dayMm / SNOW.mmPerCm, valid: (y) => y.snowDaysValid >= MIN_VALID_DAYS, reliabilityAt: [20, 50] },
];

export interface StationBias {
  peril: PerilName;
  quantity: string;
  stations: number;
  medianRatio: number;
  q25Ratio: number;
  q75Ratio: number;
  geometricMeanRatio: number;
  /** Share of stations with the model within ±20 % of the observation. */
  within20: number;
}

export interface StationReliability {
  peril: PerilName;
  quantity: string;
  stations: number;
  modelMean: number;
  observedMean: number;
}

export function stationValidation(tables: ReadonlyMap<PerilName, HazardTable>, sourcesDir: string): { bias: StationBias[]; reliability: StationReliability[] } {
  const stations = readHcnStations(sourcesDir);
  const years = new Map<string, HcnYear[]>();
  for (const y of readHcnYears(sourcesDir)) {
    const list = years.get(y.station);
    if (list) list.push(y);
    else years.set(y.station, [y]);
  }
  const bias: StationBias[] = [];
  const reliability: StationReliability[] = [];
  for (const s of SERIES) {
    const table = tables.get(s.peril);
    if (!table) continue;
    const thresholds = thresholdsOf(table);
    const scale = s.blockDays === 1 ? 1 : WEISS_FACTORS[1]! / WEISS_FACTORS[s.blockDays]!;
    const ratios = { median: [] as number[], tenYear: [] as number[] };
    const model = s.reliabilityAt.map(() => [] as number[]);
    const observed = s.reliabilityAt.map(() => [] as number[]);
    for (const station of stations) {
      if (isCalibrationStation(station.id)) continue;
      const series = (years.get(station.id) ?? []).filter((y) => s.valid(y) && Number.isFinite(s.value(y))).map(s.value);
      const row = rowAt(table, station.latitude, station.longitude);
      if (series.length < MIN_YEARS || row < 0) continue;
      const curve = annualMaxProbabilities(table, row, s.blockDays);
      const scaled = thresholds.map((x) => x * scale);
      for (const [p, list, q] of [[0.5, ratios.median, 0.5], [0.1, ratios.tenYear, 0.9]] as const) {
        const obs = quantile(series, q);
        if (obs >= MIN_OBSERVED[s.unit]) list.push(annualQuantile(scaled, curve, p).value / obs);
      }
      s.reliabilityAt.forEach((x, i) => {
        model[i]!.push(probabilityAt(scaled, curve, x));
        observed[i]!.push(series.filter((v) => v >= x).length / series.length);
      });
    }
    for (const [name, list] of [['median', ratios.median], ['10-yr', ratios.tenYear]] as const) {
      const finite = list.filter(Number.isFinite);
      bias.push({
        peril: s.peril,
        quantity: `${s.label} ${name}`,
        stations: finite.length,
        medianRatio: quantile(finite, 0.5),
        q25Ratio: quantile(finite, 0.25),
        q75Ratio: quantile(finite, 0.75),
        geometricMeanRatio: geometricMean(finite.filter((r) => r > 0)),
        within20: finite.filter((r) => r >= 0.8 && r <= 1.2).length / finite.length,
      });
    }
    s.reliabilityAt.forEach((x, i) => {
      reliability.push({
        peril: s.peril,
        quantity: `P(${s.label} ≥ ${x} ${s.unit})`,
        stations: model[i]!.length,
        modelMean: mean(model[i]!),
        observedMean: mean(observed[i]!),
      });
    });
  }
  return { bias, reliability };
}

function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((a, r) => a + Math.log(r), 0) / values.length);
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
