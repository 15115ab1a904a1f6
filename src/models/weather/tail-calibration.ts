import { expectedCountFromProbability } from '../../engine/formulas.js';
import type { Calibration } from './calibration.js';
import type { TailQuantileTable } from './distributions.js';
import { fitGev, gevLevel } from './extremes.js';
import { cellMonthGenerators, type MonthGenerator } from './generator.js';
import type { HcnSite } from './hcn-sites.js';
import { quantile } from '../toolkit/least-squares.js';
import { CLIMATE_GROUPS, RAIN_TAIL, TC_RAIN } from './parameters.js';
import { annualRainHazard } from './rain-model.js';
import { wetDayTail, type WetDayTail } from './rain-tail.js';
import type { CruClimatology } from './sources.js';
import { tcAnnualRate, type TcRainDays } from './tc-rain.js';
import { MEAN_DAYS_IN_MONTH } from '../../units.js';

/**
 * Fits the two free numbers of the heavy rain tail on the calibration half of
 * the HCN stations, in probability space: at each station the level x₁₀₀ of its
 * own GEV fit of annual Rx1day (L-moments) is the 100-year value, rescaled to
 * the mean precipitation of the station's CRU cell (× cell / station annual
 * mean, the index-flood scaling of regional frequency analysis, Hosking & Wallis
 * 1997: the table describes the cell, and a station in a valley of a wet
 * mountain cell is drier than the cell), and a parameter is set so that the
 * median over its stations of our annual probability of a day ≥ x₁₀₀ is 1 %
 * (RAIN_TAIL.targetAep):
 * - ξ of each climate group (climate-groups.ts), on the group's stations;
 * - the spread σ of the tropical-cyclone storm-day rain (tc-rain.ts), on the
 *   hurricane-coast stations.
 * The two interact at coastal stations, so they are fitted alternately
 * (RAIN_TAIL.rounds), each by bisection (the probability rises with ξ and σ).
 * A group with fewer than RAIN_TAIL.minStations stations keeps RAIN_TAIL.shapePrior;
 * with fewer than TC_RAIN.minCoastStations coastal stations σ keeps TC_RAIN.spreadPrior.
 */
export interface TailCalibration {
  /** ξ per climate group, CLIMATE_GROUPS.groups order. */
  xi: number[];
  groupStations: number[];
  tcSpread: number;
  coastStations: number;
}

interface Target {
  months: MonthGenerator[];
  tails: WetDayTail[];
  group: number;
  position: number;
  level: number;
  coast: boolean;
}

export function calibrateTails(
  sites: readonly HcnSite[],
  cru: CruClimatology,
  cal: Calibration,
  groups: Uint8Array,
  tcDays: TcRainDays,
  quantiles: TailQuantileTable,
): TailCalibration {
  const targets: Target[] = [];
  for (const site of sites) {
    if (!site.calibration) continue;
    const months = cellMonthGenerators(cru, cal, site.position);
    if (!months) continue;
    targets.push({
      months,
      tails: months.map((g) => wetDayTail(g.alpha, g.beta, 0, quantiles)),
      group: groups[site.position]!,
      position: site.position,
      level: gevLevel(fitGev(site.rx1dayMm), RAIN_TAIL.targetAep) * cellToStation(cru, site),
      coast: site.hurricaneCoast,
    });
  }
  const xi: number[] = CLIMATE_GROUPS.groups.map(() => RAIN_TAIL.shapePrior);
  let tcSpread: number = TC_RAIN.spreadPrior;
  const goal = expectedCountFromProbability(RAIN_TAIL.targetAep);
  const excess = (t: Target): number =>
    annualRainHazard(t.months, t.tails.map((tail) => ({ ...tail, xi: xi[t.group]! })), t.level, tcAnnualRate(tcDays, t.position, t.level, tcSpread)) - goal;
  const groupTargets = xi.map((_, g) => targets.filter((t) => t.group === g));
  const coastTargets = targets.filter((t) => t.coast);
  for (let round = 0; round < RAIN_TAIL.rounds; round++) {
    groupTargets.forEach((list, g) => {
      if (list.length >= RAIN_TAIL.minStations) xi[g] = bisect(RAIN_TAIL.shapeRange, (v) => ((xi[g] = v), medianOf(list, excess)));
    });
    if (coastTargets.length >= TC_RAIN.minCoastStations) tcSpread = bisect(TC_RAIN.spreadRange, (v) => ((tcSpread = v), medianOf(coastTargets, excess)));
  }
  return { xi, groupStations: groupTargets.map((l) => l.length), tcSpread, coastStations: coastTargets.length };
}

/** Cell ÷ station mean annual precipitation (1 when the station's is unknown). */
function cellToStation(cru: CruClimatology, site: HcnSite): number {
  let cell = 0;
  for (let m = 0; m < 12; m++) cell += cru.values.pre[site.position * 12 + m]! * MEAN_DAYS_IN_MONTH[m]!;
  const ratio = cell / site.annualMm;
  return Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
}

function medianOf(targets: readonly Target[], f: (t: Target) => number): number {
  return quantile(targets.map(f), 0.5);
}

/** Root of an increasing function on [lo, hi] (the nearer end when it has none). */
function bisect([lo, hi]: readonly [number, number], f: (v: number) => number): number {
  for (let i = 0; i < RAIN_TAIL.bisections; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
