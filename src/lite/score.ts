import { curveRequest, WHOLE_DAYS, type CurveRequest } from '../engine/curve-window.js';
import type { Engine, CurveResult } from '../engine/engine.js';
import { integerReturnPeriod, returnPeriodYears, windowYears } from '../engine/formulas.js';
import { PERIL_NAMES, perilDef, type PerilName } from '../engine/perils.js';
import { bandForPercentile, bandForReturnPeriod, type BandName } from './bands.js';

/**
 * Lite scoring (docs/lite.md): each licensed peril with a Lite threshold, at
 * that threshold, over a one-year window. `return_period` scores the integer
 * return period; `globally_relative` the percentile rank among covered cells.
 * A peril that cannot be scored at a location is reported with its reason —
 * never as a score.
 */
export type LiteMethod = 'return_period' | 'globally_relative';
export const LITE_METHODS: readonly LiteMethod[] = ['return_period', 'globally_relative'];

export interface LiteScore {
  score: number;
  band: BandName;
}

export interface LiteOutcome {
  scores: Partial<Record<PerilName, LiteScore>>;
  unavailable: Partial<Record<PerilName, { reason: string }>>;
}

export interface LiteLocation {
  latitude: number;
  longitude: number;
  /** ISO country of the location, for US-only perils (null when unknown). */
  country: string | null;
}

/** Perils Lite runs for a key: licensed, with a Lite threshold; FloodLivePlus only with flood_plus. */
export function litePerils(licensed: ReadonlySet<PerilName>, floodPlus: boolean): PerilName[] {
  return PERIL_NAMES.filter((p) => licensed.has(p) && perilDef(p).lite !== null && (!perilDef(p).lite?.floodPlus || floodPlus));
}

/** Licensed perils Lite cannot score anywhere, with the reason (docs/lite.md), so none is left out silently. */
export function unscoredPerils(licensed: ReadonlySet<PerilName>): Partial<Record<PerilName, { reason: string }>> {
  return Object.fromEntries(
    PERIL_NAMES.filter((p) => licensed.has(p) && perilDef(p).lite === null).map((p) => [p, { reason: NO_LITE_THRESHOLD[p] ?? `${p} has no Lite threshold` }]),
  );
}

/** What Lite runs and reports for one key, made once per licensed set (a key's, cached by auth): frozen, as it is shared. */
export interface LiteSelection {
  perils: readonly PerilName[];
  unscored: Readonly<Partial<Record<PerilName, { reason: string }>>>;
}
const selections = new WeakMap<ReadonlySet<PerilName>, { plain?: LiteSelection; floodPlus?: LiteSelection }>();

/** litePerils and unscoredPerils for a request: filtering the peril table per request cost ~0.6 µs of Lite's time. */
export function liteSelection(licensed: ReadonlySet<PerilName>, floodPlus: boolean): LiteSelection {
  let byFlood = selections.get(licensed);
  if (!byFlood) selections.set(licensed, (byFlood = {}));
  const made = floodPlus ? byFlood.floodPlus : byFlood.plain;
  if (made) return made;
  const selection: LiteSelection = Object.freeze({ perils: Object.freeze(litePerils(licensed, floodPlus)), unscored: Object.freeze(unscoredPerils(licensed)) });
  if (floodPlus) byFlood.floodPlus = selection;
  else byFlood.plain = selection;
  return selection;
}

const NO_LITE_THRESHOLD: Partial<Record<PerilName, string>> = {
  Tornado: 'Tornado has no Lite threshold: Lite scores tornadoes as USTornado (EF2, United States only)',
  CumulativeRain: 'CumulativeRain has no Lite threshold: it totals rain over an event window, and Lite has none (use in-depth)',
  Cumulativesnow: 'Cumulativesnow has no Lite threshold: it totals snow over an event window, and Lite has none (use in-depth)',
};

/** Each Lite threshold's index in its peril's thresholds: the one probability the kernel's threshold op computes. */
const LITE_THRESHOLD_AT = new Map<PerilName, number>(
  PERIL_NAMES.flatMap((p) => {
    const def = perilDef(p);
    return def.lite ? [[p, def.thresholds.indexOf(def.lite.threshold)] as const] : [];
  }),
);

/** Lite's work before the engine: the scores that need no curve, and the curve requests for the rest. */
export interface LitePlan {
  outcomes: LiteOutcome[];
  pending: { at: number; peril: PerilName }[];
  requests: CurveRequest[];
  years: number;
}

export function planLite(
  engine: Engine,
  locations: readonly LiteLocation[],
  perils: readonly PerilName[],
  method: LiteMethod,
  window: { startDay: number; endDay: number },
): LitePlan {
  const outcomes: LiteOutcome[] = locations.map(() => ({ scores: {}, unavailable: {} }));
  const pending: LitePlan['pending'] = [];
  const requests: CurveRequest[] = [];
  const wholeDays = { startDay: window.startDay, endDay: window.endDay, ...WHOLE_DAYS };
  locations.forEach((loc, at) => {
    for (const peril of perils) {
      const lite = perilDef(peril).lite!;
      if (lite.usOnly && loc.country !== 'US') {
        outcomes[at]!.unavailable[peril] = { reason: `${peril} is scored for locations in the United States only` };
      } else if (method === 'globally_relative') {
        const ranked = engine.liteRank(peril, loc.latitude, loc.longitude);
        if ('reason' in ranked) outcomes[at]!.unavailable[peril] = { reason: ranked.reason };
        else {
          // The band is that of the score returned (the rounded rank), so the two never disagree.
          const score = Math.round(ranked.rank);
          outcomes[at]!.scores[peril] = { score, band: bandForPercentile(score) };
        }
      } else {
        // Only the Lite threshold's probability is computed (the kernel's threshold op), not the whole curve.
        requests.push(curveRequest(peril, loc, wholeDays, 'threshold', LITE_THRESHOLD_AT.get(peril)!));
        pending.push({ at, peril });
      }
    }
  });
  return { outcomes, pending, requests, years: windowYears(window.endDay - window.startDay + 1) };
}

/** The plan's outcomes completed with its curves (engine.evaluate of plan.requests, in order). */
export function finishLite(plan: LitePlan, curves: readonly CurveResult[]): LiteOutcome[] {
  plan.pending.forEach(({ at, peril }, i) => {
    const curve = curves[i]!;
    if (!curve.ok) {
      plan.outcomes[at]!.unavailable[peril] = { reason: curve.reason };
      return;
    }
    const p = curve.values[0]!;
    const score = integerReturnPeriod(returnPeriodYears(p, plan.years));
    plan.outcomes[at]!.scores[peril] = { score, band: bandForReturnPeriod(score) };
  });
  return plan.outcomes;
}

export async function scoreLocations(
  engine: Engine,
  locations: readonly LiteLocation[],
  perils: readonly PerilName[],
  method: LiteMethod,
  window: { startDay: number; endDay: number },
): Promise<LiteOutcome[]> {
  const plan = planLite(engine, locations, perils, method, window);
  return finishLite(plan, await engine.evaluate(plan.requests));
}
