import { readCruVariable } from '../../catalogues/cru.js';
import { readKoppen } from '../../catalogues/koppen.js';
import { cellIndex, rowAt } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import type { HazardTable } from '../../engine/table-spec.js';
import { annualMaxProbabilities, annualQuantile, probabilityAt, thresholdsOf } from './annual-curves.js';
import { groupOfClass } from './climate-groups.js';
import { fitGev, gevLevel } from './extremes.js';
import { hcnSites, type HcnSite } from './hcn-sites.js';
import { quantile } from '../toolkit/least-squares.js';
import { CLIMATE_GROUPS, MULTIDAY, WEISS_FACTORS } from './parameters.js';
import { readHcnMonths, readHcnStations, readHcnYears } from './sources.js';
import { MEAN_DAYS_IN_MONTH } from '../../units.js';

/**
 * The built Rain and CumulativeRain tables against the HCN stations held out of
 * every calibration (ids ending in an even digit): at each station our 10-, 50-
 * and 100-yr daily rainfall (annual-curves.ts, the engine's reference maths over
 * one year, Gumbel interpolation between thresholds) over the level of the
 * station's own GEV fit of its annual Rx1day (L-moments, extremes.ts), and our
 * annual probability of a day reaching the station's GEV 100-yr level, and the
 * 100-yr ratio with the station's level rescaled to its CRU cell's mean
 * precipitation (as the calibration does, tail-calibration.ts); grouped by
 * NCEI climate region (Karl & Koss 1984), by the model's climate group, and for
 * the hurricane-coast stations. Multi-day: mean P(Rx5day ≥ 200 mm), ours (5-day
 * blocks, threshold × Weiss(5)/Weiss(1)) against the observed share of years.
 */
export const NCEI_REGIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    Northeast: 'CT DE ME MD MA NH NJ NY PA RI VT',
    'Upper Midwest': 'IA MI MN WI',
    'Ohio Valley': 'IL IN KY MO OH TN WV',
    Southeast: 'AL FL GA NC SC VA',
    'Northern Rockies and Plains': 'MT NE ND SD WY',
    South: 'AR KS LA MS OK TX',
    Southwest: 'AZ CO NM UT',
    Northwest: 'ID OR WA',
    West: 'CA NV',
  }).flatMap(([region, states]) => states.split(' ').map((s) => [s, region])),
);

const LEVELS = [0.1, 0.02, 0.01] as const;

export interface TailGroupRow {
  group: string;
  stations: number;
  /** Median over stations of ours ÷ GEV at 10, 50 and 100 years. */
  ratios: number[];
  /** Interquartile range of the 100-yr ratio. */
  iqr100: [number, number];
  /** Share of stations within ±25 % at 100 years. */
  within25: number;
  /** Median 100-yr ratio with each station's level × cell / station mean annual precipitation. */
  ratio100CellScaled: number;
  /** Median observed GEV 100-yr level and our median 100-yr level (mm). */
  observed100: number;
  ours100: number;
  /** Median of our annual probability of a day ≥ the station's GEV 100-yr level (1 % if unbiased). */
  probabilityAtGev100: number;
}

export interface StationLevel {
  site: HcnSite;
  region: string;
  group: string;
  observed: number[];
  ours: number[];
  probabilityAtGev100: number;
  /** CRU cell ÷ station mean annual precipitation (NaN where either is unknown). */
  cellToStation: number;
}

export interface MultidayRow {
  group: string;
  stations: number;
  modelMean: number;
  observedMean: number;
}

export interface RainValidation {
  stations: StationLevel[];
  byRegion: TailGroupRow[];
  byClimate: TailGroupRow[];
  heldOut: TailGroupRow;
  hurricaneCoast: TailGroupRow;
  multiday: MultidayRow[];
}

export function rainValidation(tables: ReadonlyMap<PerilName, HazardTable>, sourcesDir: string): RainValidation | null {
  const rain = tables.get('Rain');
  const cumulative = tables.get('CumulativeRain');
  if (!rain) return null;
  const koppen = readKoppen(sourcesDir);
  const pre = readCruVariable(sourcesDir, 'pre').values;
  const sites = hcnSites(readHcnStations(sourcesDir), readHcnMonths(sourcesDir), readHcnYears(sourcesDir), (lat, lon) => rowAt(rain, lat, lon)).filter((s) => !s.calibration);
  const thresholds = thresholdsOf(rain);
  const stations = sites.map((site): StationLevel => {
    const curve = annualMaxProbabilities(rain, site.position);
    const gev = fitGev(site.rx1dayMm);
    const observed = LEVELS.map((p) => gevLevel(gev, p));
    const cell = cellIndex(rain.grid, site.latitude, site.longitude);
    const cls = koppen[cell] ?? '';
    const cellMm = MEAN_DAYS_IN_MONTH.reduce((sum, days, m) => sum + days * pre[cell * 12 + m]!, 0);
    return {
      site,
      region: NCEI_REGIONS[site.state] ?? 'other',
      group: groupOfClass(cls) ?? CLIMATE_GROUPS.fallback,
      observed,
      ours: LEVELS.map((p) => annualQuantile(thresholds, curve, p).value),
      probabilityAtGev100: probabilityAt(thresholds, curve, observed[2]!),
      cellToStation: cellMm / site.annualMm,
    };
  });
  const rows = (key: (s: StationLevel) => string, order: readonly string[]): TailGroupRow[] =>
    order.map((g) => tailRow(g, stations.filter((s) => key(s) === g))).filter((r) => r.stations > 0);
  return {
    stations,
    byRegion: rows((s) => s.region, [...new Set(Object.values(NCEI_REGIONS))]),
    byClimate: rows((s) => s.group, CLIMATE_GROUPS.groups),
    heldOut: tailRow('all held-out stations', stations),
    hurricaneCoast: tailRow('hurricane coast (TX–NC, ≤ 50 km from the coastline)', stations.filter((s) => s.site.hurricaneCoast)),
    multiday: cumulative ? multidayRows(cumulative, stations) : [],
  };
}

function tailRow(group: string, list: readonly StationLevel[]): TailGroupRow {
  const ratio = (i: number): number[] => list.map((s) => s.ours[i]! / s.observed[i]!).filter(Number.isFinite);
  const r100 = ratio(2);
  return {
    group,
    stations: list.length,
    ratios: [0, 1, 2].map((i) => quantile(ratio(i), 0.5)),
    iqr100: [quantile(r100, 0.25), quantile(r100, 0.75)],
    within25: r100.filter((r) => r >= 0.75 && r <= 1.25).length / r100.length,
    ratio100CellScaled: quantile(list.map((s) => s.ours[2]! / (s.observed[2]! * s.cellToStation)).filter(Number.isFinite), 0.5),
    observed100: quantile(list.map((s) => s.observed[2]!), 0.5),
    ours100: quantile(list.map((s) => s.ours[2]!), 0.5),
    probabilityAtGev100: quantile(list.map((s) => s.probabilityAtGev100), 0.5),
  };
}

function multidayRows(table: HazardTable, stations: readonly StationLevel[]): MultidayRow[] {
  const scale = WEISS_FACTORS[1]! / WEISS_FACTORS[MULTIDAY.blockDays]!;
  const scaled = thresholdsOf(table).map((x) => x * scale);
  const per = stations
    .map((s) => ({ s, row: rowAt(table, s.site.latitude, s.site.longitude) }))
    .filter(({ s, row }) => row >= 0 && s.site.rx5dayMm.length > 0)
    .map(({ s, row }) => ({
      s,
      model: probabilityAt(scaled, annualMaxProbabilities(table, row, MULTIDAY.blockDays), MULTIDAY.targetMm),
      observed: s.site.rx5dayMm.filter((v) => v >= MULTIDAY.targetMm).length / s.site.rx5dayMm.length,
    }));
  const row = (group: string, list: typeof per): MultidayRow => ({
    group,
    stations: list.length,
    modelMean: list.reduce((a, p) => a + p.model, 0) / list.length,
    observedMean: list.reduce((a, p) => a + p.observed, 0) / list.length,
  });
  const regions = [...new Set(Object.values(NCEI_REGIONS))];
  return [
    row('all held-out stations', per),
    row('hurricane coast', per.filter((p) => p.s.site.hurricaneCoast)),
    ...regions.map((r) => row(r, per.filter((p) => p.s.region === r))),
  ].filter((r) => r.stations > 0);
}
