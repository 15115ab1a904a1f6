/**
 * The wind field's size against NHC's analysed wind radii (HURDAT2 2004+,
 * tropical fixes ≥ 35 kt): per fix and quadrant the farthest modelled reach of
 * 34, 50 and 64 kt versus the recorded quadrant radius, averaged by intensity
 * class. Every third fix is the calibration sample (fitProfileCalibration), the
 * other two thirds the held-out check (windRadiiValidation).
 */
import { CATALOGUES } from '../../catalogues/registry.js';
import type { ValidationRow } from '../validation-types.js';
import { ALL_SEA } from './land-mask.js';
import { PROFILE_CALIBRATION } from './parameters.js';
import { usesR34Size } from './r34-size.js';
import { trackSteps } from './track-steps.js';
import { type Quadrants, type Storm } from './track-types.js';
import { vortexAt, type ProfileCalibration, type StormPosition } from './wind-field.js';
import { modelQuadrantRadius } from './wind-radii.js';
import { KM_PER_NMI } from '../../units.js';

const QUADRANTS: readonly (keyof Quadrants)[] = ['ne', 'se', 'sw', 'nw'];
const CLASSES = [
  { label: 'TS 35–49 kt', min: 35, max: 49 },
  { label: 'TS 50–63 kt', min: 50, max: 63 },
  { label: 'CAT1–2', min: 64, max: 95 },
  { label: 'CAT3+', min: 96, max: Infinity },
] as const;
const RADII_KT = [34, 50, 64] as const;
const FIRST_SEASON = 2004;
const SAMPLE_EVERY = 3;

interface RadiiSample {
  position: StormPosition;
  vmaxKt: number;
  /** Recorded quadrant radii (km) per threshold, where analysed. */
  recorded: Partial<Record<(typeof RADII_KT)[number], number[]>>;
}

/** Radii samples; `calibrationSet` picks every third fix, otherwise the other two thirds. */
export function radiiSamples(storms: readonly Storm[], calibrationSet: boolean): RadiiSample[] {
  const samples: RadiiSample[] = [];
  let index = 0;
  for (const storm of storms) {
    if (storm.source !== CATALOGUES.hurdat2.folder || storm.season < FIRST_SEASON) continue;
    const stepAt = new Map(trackSteps(storm, ALL_SEA).map((s) => [s.time, s]));
    for (const fix of storm.fixes) {
      const step = stepAt.get(fix.time);
      if (!step || fix.stage !== 'tropical' || fix.vmaxKt === null || fix.vmaxKt < 35 || !fix.r34) continue;
      if ((index++ % SAMPLE_EVERY === 0) !== calibrationSet) continue;
      const km = (q: Quadrants | null): number[] | undefined => (q ? QUADRANTS.map((k) => q[k] * KM_PER_NMI) : undefined);
      const recorded: RadiiSample['recorded'] = { 34: km(fix.r34) };
      if (fix.vmaxKt >= 50 && fix.r50) recorded[50] = km(fix.r50);
      if (fix.vmaxKt >= 64 && fix.r64) recorded[64] = km(fix.r64);
      samples.push({ position: { latitude: step.lat, vmaxKt: step.vmaxKt, rmwKm: step.rmwKm, motionEastKt: step.motionEastKt, motionNorthKt: step.motionNorthKt }, vmaxKt: fix.vmaxKt, recorded });
    }
  }
  return samples;
}

interface RadiiMeans {
  key: string;
  threshold: number;
  label: string;
  count: number;
  recorded: number;
  modelled: number;
}

/** Mean recorded and modelled quadrant radius per threshold and intensity class. */
export function radiiMeans(samples: readonly RadiiSample[], calibration: ProfileCalibration): RadiiMeans[] {
  const sums = new Map<string, RadiiMeans>();
  for (const s of samples) {
    const cls = CLASSES.find((c) => s.vmaxKt >= c.min && s.vmaxKt <= c.max)!;
    const v = vortexAt(s.position, calibration);
    for (const kt of RADII_KT) {
      const rec = s.recorded[kt];
      if (!rec) continue;
      const key = `${kt}|${cls.label}`;
      const e = sums.get(key) ?? { key, threshold: kt, label: cls.label, count: 0, recorded: 0, modelled: 0 };
      rec.forEach((r, q) => {
        e.count++;
        e.recorded += r;
        e.modelled += modelQuadrantRadius(v, q, kt);
      });
      sums.set(key, e);
    }
  }
  return [...sums.values()].map((e) => ({ ...e, recorded: e.recorded / e.count, modelled: e.modelled / e.count })).sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Σ over classes of ln²(modelled/recorded mean radius). */
export function calibrationLoss(means: readonly RadiiMeans[]): number {
  return means.reduce((sum, m) => sum + Math.log(m.modelled / m.recorded) ** 2, 0);
}

/** The grid search behind PROFILE_CALIBRATION (calibration third of the fixes). */
export function fitProfileCalibration(storms: readonly Storm[], aFactors: readonly number[], x1Factors: readonly number[]): { calibration: ProfileCalibration; loss: number }[] {
  const samples = radiiSamples(storms, true);
  return aFactors.flatMap((aFactor) => x1Factors.map((x1Factor) => ({ calibration: { aFactor, x1Factor }, loss: calibrationLoss(radiiMeans(samples, { aFactor, x1Factor })) })));
}

/** Held-out check of the calibrated wind field (and, for reference, the uncalibrated one). */
export function windRadiiValidation(storms: readonly Storm[]): ValidationRow[] {
  const samples = radiiSamples(storms, false);
  const raw = new Map(radiiMeans(samples, { aFactor: 1, x1Factor: 1 }).map((m) => [m.key, m.modelled]));
  return radiiMeans(samples, PROFILE_CALIBRATION).map((m) => ({
    peril: 'TropicalCyclone',
    place: 'Atlantic + NE Pacific best-track fixes (held out)',
    latitude: NaN,
    longitude: NaN,
    quantity: `mean ${m.threshold}-kt quadrant radius (km), ${m.label}`,
    reference: Number(m.recorded.toPrecision(4)),
    reference_source: `NHC HURDAT2 wind radii ${FIRST_SEASON}–2025 (${m.count} quadrant values)`,
    // Held-out fixes share storms with the calibration fixes: not independent.
    evidence: 'seen',
    ours: Number(m.modelled.toPrecision(4)),
    ratio: Number((m.modelled / m.recorded).toPrecision(3)),
    note: `uncalibrated Willoughby profile: ${(raw.get(m.key)! / m.recorded).toPrecision(3)}`,
  }));
}

/**
 * The Atlantic-calibrated profile in the basins whose JTWC r34 sets storm size
 * (R34_SIZE.sources): mean modelled 34-kt quadrant radius without and with the
 * r34 fit against the recorded mean, per source, over fixes ≥ 35 kt with radii.
 */
export function r34TransferValidation(storms: readonly Storm[]): ValidationRow[] {
  const sums = new Map<string, { count: number; recorded: number; unfitted: number; fitted: number }>();
  for (const storm of storms) {
    if (!usesR34Size(storm.source)) continue;
    const steps = new Map(trackSteps(storm, ALL_SEA).map((s) => [s.time, s]));
    for (const fix of storm.fixes) {
      const step = steps.get(fix.time);
      if (!step || !fix.r34 || fix.vmaxKt === null || fix.vmaxKt < 35) continue;
      const position: StormPosition = { latitude: step.lat, vmaxKt: step.vmaxKt, rmwKm: step.rmwKm, motionEastKt: step.motionEastKt, motionNorthKt: step.motionNorthKt };
      const e = sums.get(storm.source) ?? { count: 0, recorded: 0, unfitted: 0, fitted: 0 };
      const recorded = QUADRANTS.map((q) => fix.r34![q] * KM_PER_NMI);
      const unfitted = vortexAt(position);
      const fitted = vortexAt({ ...position, outerScale: step.outerScale });
      recorded.forEach((r, q) => {
        e.count++;
        e.recorded += r;
        e.unfitted += modelQuadrantRadius(unfitted, q, 34);
        e.fitted += modelQuadrantRadius(fitted, q, 34);
      });
      sums.set(storm.source, e);
    }
  }
  return [...sums.entries()].map(([source, e]) => ({
    peril: 'TropicalCyclone',
    place: `${source} fixes with JTWC r34`,
    latitude: NaN,
    longitude: NaN,
    quantity: 'mean 34-kt quadrant radius (km), fitted to r34',
    reference: Number((e.recorded / e.count).toPrecision(4)),
    reference_source: `JTWC 34-kt quadrant radii (${e.count} quadrant values)`,
    evidence: 'fitted',
    ours: Number((e.fitted / e.count).toPrecision(4)),
    ratio: Number((e.fitted / e.recorded).toPrecision(3)),
    note: `Atlantic-calibrated profile without the r34 fit: ${(e.unfitted / e.recorded).toPrecision(3)}`,
  }));
}
