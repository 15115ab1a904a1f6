/**
 * A best track → positions at most TRACK_STEPS.maxStepHours and maxStepKm apart,
 * each with intensity, recorded RMW and storm motion, for the wind field.
 *
 * Intensity between fixes is linear, except on a segment ending over land with
 * weakening: the storm keeps its over-water intensity until the centre first
 * crosses land, then decays in the Kaplan & DeMaria (1995) form
 * V(t) = Vb + (V0 − Vb)·exp(−α·t) with α fitted so the next fix is met exactly.
 * A track ending over land at ≥ 34 kt is continued along its last motion with
 * the KD95 decay (Vb = 26.7 kt, α = 0.095 h⁻¹) until it falls below 34 kt.
 * Where the source's recorded 34-kt radii set the storm size (r34-size.ts), each
 * step carries the fitted outer-length multiplier, linear between two fitted
 * fixes, the one fitted fix's value next to it, 1 elsewhere.
 */
import { SAFFIR_SIMPSON_KNOTS } from '../../engine/perils.js';
import { KM_PER_DEGREE, distanceKm, eastNorthKm, kmPerDegreeLongitude, longitudeDelta, wrapLongitude } from '../../geo/sphere.js';
import type { LandMask } from './land-mask.js';
import { TRACK_STEPS } from './parameters.js';
import { outerScaleForR34, usesR34Size } from './r34-size.js';
import { type Stage, type Storm, type TrackFix } from './track-types.js';
import { KM_PER_NMI, MS_PER_HOUR } from '../../units.js';

export interface TrackStep {
  time: number;
  lat: number;
  lon: number;
  vmaxKt: number;
  rmwKm: number | null;
  motionEastKt: number;
  motionNorthKt: number;
  /** Multiplier on the profile's outer length X1 from recorded r34 (1 without). */
  outerScale: number;
  /** Multiplier on the estimated Rmax (wind-field.ts StormPosition.rmwScale); 1 for observed storms. */
  rmwScale: number;
  stage: Stage | null;
}

const LOWEST_THRESHOLD_KT = SAFFIR_SIMPSON_KNOTS[0];

interface Motion {
  east: number;
  north: number;
}

type WindFix = TrackFix & { vmaxKt: number };

export function trackSteps(storm: Storm, land: LandMask): TrackStep[] {
  const fixes = storm.fixes.filter((f): f is WindFix => f.vmaxKt !== null);
  const motions = fixes.map((_, k) => fixMotion(fixes, k));
  const scales = usesR34Size(storm.source) ? fixes.map((f, k) => fixOuterScale(f, motions[k]!)) : fixes.map(() => null);
  const steps: TrackStep[] = [];
  let motion: Motion = { east: 0, north: 0 };
  for (let k = 0; k + 1 < fixes.length; k++) {
    const a = fixes[k]!;
    const b = fixes[k + 1]!;
    const hours = (b.time - a.time) / MS_PER_HOUR;
    if (!(hours > 0) || hours > TRACK_STEPS.maxGapHours) {
      steps.push(stepAt(a, a.lat, a.lon, a.time, a.vmaxKt, rmwKm(a), motion, scales[k] ?? 1));
      continue;
    }
    motion = motionOf(a, b, hours);
    steps.push(...segmentSteps(a, b, hours, motion, land, [scales[k]!, scales[k + 1]!]));
  }
  const last = fixes[fixes.length - 1];
  if (last) {
    const scale = scales[fixes.length - 1] ?? 1;
    steps.push(stepAt(last, last.lat, last.lon, last.time, last.vmaxKt, rmwKm(last), motion, scale));
    if (land.isLand(last.lat, last.lon) && last.vmaxKt >= LOWEST_THRESHOLD_KT) steps.push(...inlandExtension(last, motion, scale));
  }
  return steps;
}

/** The motion of the segment starting at fix k (the previous one for the last fix); zero for a lone fix. */
function fixMotion(fixes: readonly WindFix[], k: number): Motion {
  const [a, b] = k + 1 < fixes.length ? [fixes[k]!, fixes[k + 1]!] : k > 0 ? [fixes[k - 1]!, fixes[k]!] : [null, null];
  const hours = a && b ? (b.time - a.time) / MS_PER_HOUR : 0;
  return a && b && hours > 0 && hours <= TRACK_STEPS.maxGapHours ? motionOf(a, b, hours) : { east: 0, north: 0 };
}

function fixOuterScale(f: WindFix, motion: Motion): number | null {
  if (!f.r34) return null;
  return outerScaleForR34({ latitude: f.lat, vmaxKt: f.vmaxKt, rmwKm: rmwKm(f), motionEastKt: motion.east, motionNorthKt: motion.north }, f.r34);
}

/** Steps from a (inclusive) to b (exclusive); `scales` are the two fixes' fitted outer-length multipliers. */
function segmentSteps(a: WindFix, b: WindFix, hours: number, motion: Motion, land: LandMask, scales: readonly [number | null, number | null]): TrackStep[] {
  const n = Math.max(1, Math.ceil(hours / TRACK_STEPS.maxStepHours), Math.ceil(distanceKm(a.lat, a.lon, b.lat, b.lon) / TRACK_STEPS.maxStepKm));
  const dLon = longitudeDelta(a.lon, b.lon);
  const lats = Array.from({ length: n + 1 }, (_, i) => a.lat + ((b.lat - a.lat) * i) / n);
  const lons = Array.from({ length: n + 1 }, (_, i) => wrapLongitude(a.lon + (dLon * i) / n));
  const intensity = intensityAlong(a.vmaxKt, b.vmaxKt, n, hours, (i) => land.isLand(lats[i]!, lons[i]!));
  const ra = rmwKm(a);
  const rb = rmwKm(b);
  const [sa, sb] = scales;
  const steps: TrackStep[] = [];
  for (let i = 0; i < n; i++) {
    const s = i / n;
    const rmw = ra !== null && rb !== null ? ra + (rb - ra) * s : null;
    const scale = sa !== null && sb !== null ? sa + (sb - sa) * s : (sa ?? sb ?? 1);
    steps.push(stepAt(s < 0.5 ? a : b, lats[i]!, lons[i]!, a.time + s * (b.time - a.time), intensity[i]!, rmw, motion, scale));
  }
  return steps;
}

/**
 * Intensity at the n + 1 points of a segment (0 = a, n = b). `landAt(i)` says
 * whether point i is over land. Exported for the tests.
 */
export function intensityAlong(va: number, vb: number, n: number, hours: number, landAt: (i: number) => boolean): number[] {
  const background = TRACK_STEPS.decayBackgroundKt;
  const linear = Array.from({ length: n + 1 }, (_, i) => va + ((vb - va) * i) / n);
  if (!(landAt(n) && vb < va && vb > background)) return linear;
  let landfall = 0;
  while (!landAt(landfall)) landfall++;
  if (landfall === n) return linear.map((v, i) => (i === n ? vb : va));
  const decayHours = (hours * (n - landfall)) / n;
  const alpha = Math.log((va - background) / (vb - background)) / decayHours;
  return linear.map((_, i) => (i <= landfall ? va : background + (va - background) * Math.exp((-alpha * hours * (i - landfall)) / n)));
}

/** Persistence track with KD95 decay after a last fix over land, hourly, until < 34 kt. */
function inlandExtension(last: WindFix, motion: Motion, scale: number): TrackStep[] {
  const steps: TrackStep[] = [];
  const background = TRACK_STEPS.decayBackgroundKt;
  for (let h = 1; h <= TRACK_STEPS.maxExtensionHours; h++) {
    const v = background + (last.vmaxKt - background) * Math.exp(-TRACK_STEPS.decayRatePerHour * h);
    if (v < LOWEST_THRESHOLD_KT) break;
    const lat = last.lat + (motion.north * KM_PER_NMI * h) / KM_PER_DEGREE;
    const lon = wrapLongitude(last.lon + (motion.east * KM_PER_NMI * h) / kmPerDegreeLongitude(lat));
    steps.push(stepAt(last, lat, lon, last.time + h * MS_PER_HOUR, v, null, motion, scale));
  }
  return steps;
}

/** Storm motion (kt, east and north) between two fixes. */
function motionOf(a: TrackFix, b: TrackFix, hours: number): Motion {
  const km = eastNorthKm(a.lat, b.lat, longitudeDelta(a.lon, b.lon));
  return { east: km.east / KM_PER_NMI / hours, north: km.north / KM_PER_NMI / hours };
}

function rmwKm(f: TrackFix): number | null {
  return f.rmwNm === null ? null : f.rmwNm * KM_PER_NMI;
}

function stepAt(stageOf: TrackFix, lat: number, lon: number, time: number, vmaxKt: number, rmw: number | null, motion: Motion, outerScale: number): TrackStep {
  return { time, lat, lon, vmaxKt, rmwKm: rmw, motionEastKt: motion.east, motionNorthKt: motion.north, outerScale, rmwScale: 1, stage: stageOf.stage };
}
