/**
 * Is the event set the climate it was fitted on? Per rate group, the same
 * statistics of observed and synthetic storms (both as 6-hourly FitTracks from
 * genesis): storms per year, storms per year whose lifetime maximum reaches
 * CAT1 and CAT3, quantiles of the lifetime maximum, the median translation
 * speed, the median genesis latitude, storms per year making landfall (a
 * step over land after one over sea at ≥ 34 kt, counted once per storm), the
 * median life, and making landfall at ≥ 64 kt and at ≥ 96 kt on each coast segment of the group
 * (coast-segments.ts). Each becomes a validation row (ours =
 * synthetic, reference = observed) with the tolerance the method page states.
 */
import { distanceKm } from '../../../geo/sphere.js';
import { KM_PER_NMI } from '../../../units.js';
import { poissonInterval } from '../../../engine/gamma.js';
import { quantile } from '../../toolkit/least-squares.js';
import type { Evidence, ValidationRow } from '../../validation-types.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../parameters.js';
import { COAST_SEGMENTS, inSegment, SEGMENT_LANDFALL_KT } from './coast-segments.js';
import type { FitTrack } from './fit-data.js';

export interface BasinStatistics {
  /** Seasons (observed) or synthetic years the statistics are over. */
  years: number;
  stormsPerYear: number;
  cat1PerYear: number;
  cat3PerYear: number;
  lifetimeMaxKt: { p50: number; p90: number; p99: number };
  medianSpeedKt: number;
  medianGenesisLatitude: number;
  /** Storms per year that cross a coast at ≥ 34 kt. */
  landfallsPerYear: number;
  /** Life from genesis to the last step at ≥ 34 kt (hours): median and 90th percentile. */
  lifeHours: { p50: number; p90: number };
  /** Per wind of SEGMENT_LANDFALL_KT, storms per year making landfall at that wind on each coast segment (coast-segments.ts). */
  segmentLandfallsPerYear: Map<number, Map<string, number>>;
}

const CAT1_KT = 64;
const CAT3_KT = 96;
const LANDFALL_KT = 34;

export function basinStatistics(tracks: readonly FitTrack[], years: number): BasinStatistics {
  const maxima = tracks.map((t) => Math.max(...t.steps.map((s) => s.vmaxKt)));
  const lives = tracks.map((t) => (t.steps.length - 1) * SYNTHETIC.stepHours);
  const speeds: number[] = [];
  let landfalls = 0;
  const segmentLandfalls = new Map(SEGMENT_LANDFALL_KT.map((kt) => [kt, new Map(COAST_SEGMENTS.map((s) => [s.name, 0]))]));
  for (const { steps } of tracks) {
    let landed = false;
    const segments = new Map(SEGMENT_LANDFALL_KT.map((kt) => [kt, new Set<string>()]));
    for (let i = 1; i < steps.length; i++) {
      const [a, b] = [steps[i - 1]!, steps[i]!];
      speeds.push(distanceKm(a.lat, a.lon, b.lat, b.lon) / KM_PER_NMI / SYNTHETIC.stepHours);
      if (!b.land || a.land) continue;
      if (a.vmaxKt >= LANDFALL_KT) landed = true;
      for (const kt of SEGMENT_LANDFALL_KT) if (a.vmaxKt >= kt) for (const s of COAST_SEGMENTS) if (inSegment(s, b.lat, b.lon)) segments.get(kt)!.add(s.name);
    }
    if (landed) landfalls++;
    for (const [kt, names] of segments) for (const name of names) segmentLandfalls.get(kt)!.set(name, segmentLandfalls.get(kt)!.get(name)! + 1);
  }
  return {
    years,
    stormsPerYear: tracks.length / years,
    cat1PerYear: maxima.filter((v) => v >= CAT1_KT).length / years,
    cat3PerYear: maxima.filter((v) => v >= CAT3_KT).length / years,
    lifetimeMaxKt: { p50: quantile(maxima, 0.5), p90: quantile(maxima, 0.9), p99: quantile(maxima, 0.99) },
    medianSpeedKt: quantile(speeds, 0.5),
    medianGenesisLatitude: quantile(tracks.map((t) => t.steps[0]!.lat), 0.5),
    landfallsPerYear: landfalls / years,
    lifeHours: { p50: quantile(lives, 0.5), p90: quantile(lives, 0.9) },
    segmentLandfallsPerYear: new Map([...segmentLandfalls].map(([kt, byName]) => [kt, new Map([...byName].map(([name, n]) => [name, n / years]))])),
  };
}

/**
 * A statistic, how to read it off, and its tolerance: for a rate of events
 * ("count"), the synthetic rate must lie in the exact 95 % Poisson interval of
 * the observed count over the observed seasons (the record's own sampling
 * error, which the Monte-Carlo error of ≥ 1,000 synthetic years is small
 * beside); otherwise synthetic ÷ observed within ±tolerance.
 */
const CHECKS: readonly { quantity: string; value: (s: BasinStatistics) => number; tolerance: number | 'count' }[] = [
  { quantity: 'storms per year (≥ 34 kt)', value: (s) => s.stormsPerYear, tolerance: 'count' },
  { quantity: 'storms per year reaching CAT1 (64 kt)', value: (s) => s.cat1PerYear, tolerance: 'count' },
  { quantity: 'storms per year reaching CAT3 (96 kt)', value: (s) => s.cat3PerYear, tolerance: 'count' },
  { quantity: 'lifetime maximum wind, median (kt)', value: (s) => s.lifetimeMaxKt.p50, tolerance: 0.1 },
  { quantity: 'lifetime maximum wind, 90th percentile (kt)', value: (s) => s.lifetimeMaxKt.p90, tolerance: 0.1 },
  { quantity: 'lifetime maximum wind, 99th percentile (kt)', value: (s) => s.lifetimeMaxKt.p99, tolerance: 0.1 },
  { quantity: 'translation speed, median (kt)', value: (s) => s.medianSpeedKt, tolerance: 0.1 },
  { quantity: 'genesis latitude, median (°)', value: (s) => s.medianGenesisLatitude, tolerance: 0.1 },
  { quantity: 'life at ≥ 34 kt, median (h)', value: (s) => s.lifeHours.p50, tolerance: 0.2 },
  { quantity: 'life at ≥ 34 kt, 90th percentile (h)', value: (s) => s.lifeHours.p90, tolerance: 0.2 },
  { quantity: 'storms per year making landfall at ≥ 34 kt', value: (s) => s.landfallsPerYear, tolerance: 'count' },
];

/** The checks of one group: the basin's, then landfalls on each of its coast segments. */
function checksOf(group: string): typeof CHECKS {
  const segments = SEGMENT_LANDFALL_KT.flatMap((kt) => COAST_SEGMENTS.filter((s) => s.group === group).map((s) => ({
    quantity: `storms per year making landfall at ≥ ${kt} kt: ${s.name}`,
    value: (b: BasinStatistics) => b.segmentLandfallsPerYear.get(kt)!.get(s.name)!,
    tolerance: 'count' as const,
  })));
  return [...CHECKS, ...segments];
}

/** Synthetic against observed statistics of one group, as validation rows with their tolerance. */
export function basinCheckRows(group: number, observed: BasinStatistics, synthetic: BasinStatistics, source: string, evidence: Evidence): ValidationRow[] {
  const name = CLIMATOLOGY_PERIODS[group]!.group;
  return checksOf(name).map((check) => {
    const reference = check.value(observed);
    const ours = check.value(synthetic);
    const ratio = reference === 0 ? null : ours / reference;
    let within: boolean;
    let tolerance: string;
    if (check.tolerance === 'count') {
      const [low, high] = poissonInterval(Math.round(reference * observed.years), 0.95).map((n) => n / observed.years) as [number, number];
      within = ours >= low && ours <= high;
      tolerance = `95 % Poisson interval of the observed count ${low.toPrecision(3)}–${high.toPrecision(3)}`;
    } else {
      within = ratio !== null && Math.abs(ratio - 1) <= check.tolerance;
      tolerance = `tolerance ±${Math.round(100 * check.tolerance)} %`;
    }
    return {
      peril: 'TropicalCyclone',
      place: `${name} basin, synthetic event set`,
      latitude: Number.NaN,
      longitude: Number.NaN,
      quantity: check.quantity,
      reference: Number(reference.toPrecision(4)),
      reference_source: source,
      ours: Number(ours.toPrecision(4)),
      ratio: ratio === null ? null : Number(ratio.toPrecision(3)),
      evidence,
      note: `${tolerance}: ${within ? 'within' : '**outside**'}`,
    };
  });
}
