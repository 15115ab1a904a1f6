import { perilDef } from '../../engine/perils.js';
import { intensityAww12, pgaZhao06, ruptureDistanceKm, ruptureLengthKm, type SourceType } from './ground-motion.js';
import { truncatedNormalTail } from './normal.js';
import { DEPTH_CLASSES, INTEGRATION, RECURRENCE } from './parameters.js';

/** A registry threshold read as an intensity measure and level. */
export interface IntensityThreshold {
  measure: 'MMI' | 'PGA';
  level: number;
}

export function earthquakeThresholds(): IntensityThreshold[] {
  return perilDef('Earthquake').thresholds.map((t) => {
    const match = /^(MMI|PGA)([0-9.]+)$/.exec(String(t));
    if (!match) throw new Error(`Earthquake threshold ${t} is neither MMI nor PGA`);
    return { measure: match[1] as 'MMI' | 'PGA', level: Number(match[2]) };
  });
}

export function depthClassOf(depthKm: number): number {
  return DEPTH_CLASSES.findIndex((c) => depthKm < c.upTo);
}

/**
 * P(IM ≥ level) for one rupture at rupture distance rRup, with the model's
 * aleatory sigma truncated at INTEGRATION.truncationSigma. Integer intensities
 * are reached when the continuous MMI reaches level − ½ (continuity correction).
 */
export function exceedanceProbability(t: IntensityThreshold, m: number, rRupKm: number, depthKm: number, type: SourceType): number {
  const limit = INTEGRATION.truncationSigma;
  if (t.measure === 'MMI') {
    const p = intensityAww12(m, rRupKm);
    return truncatedNormalTail((t.level - INTEGRATION.intensityContinuityCorrection - p.mean) / p.sigma, limit);
  }
  const p = pgaZhao06(m, rRupKm, depthKm, type);
  return truncatedNormalTail((Math.log(t.level) - p.mean) / p.sigma, limit);
}

/** Magnitude bin centres from mMin to the Mmax ceiling. */
export function magnitudeBins(): number[] {
  const n = Math.round((RECURRENCE.mmaxCeiling - RECURRENCE.mMin) / RECURRENCE.binWidth);
  return Array.from({ length: n }, (_, i) => RECURRENCE.mMin + (i + 0.5) * RECURRENCE.binWidth);
}

/** Epicentral distance beyond which no rupture up to mmax comes within INTEGRATION.maxRuptureKm. */
export function cutoffKm(mmax: number): number {
  return INTEGRATION.maxRuptureKm + ruptureLengthKm(mmax) / 2;
}

/**
 * Per depth class, the probability of each threshold being exceeded given one
 * event of each magnitude bin at each epicentral distance node (random strike,
 * averaged over INTEGRATION.strikes angles): Float64Array [bin][node][threshold].
 */
export interface ExceedanceTables {
  thresholds: IntensityThreshold[];
  bins: number[];
  stepKm: number;
  nodes: number;
  /** One array per depth class, bins × nodes × K. */
  byDepthClass: Float64Array[];
}

export function buildExceedanceTables(): ExceedanceTables {
  const thresholds = earthquakeThresholds();
  const bins = magnitudeBins();
  const k = thresholds.length;
  const stepKm = INTEGRATION.distanceStepKm;
  const nodes = Math.ceil(cutoffKm(RECURRENCE.mmaxCeiling) / stepKm) + 1;
  const strikes = Array.from({ length: INTEGRATION.strikes }, (_, s) => ((s + 0.5) * Math.PI) / 2 / INTEGRATION.strikes);
  const byDepthClass = DEPTH_CLASSES.map(({ depth, type }) => {
    const table = new Float64Array(bins.length * nodes * k);
    bins.forEach((m, b) => {
      const reach = cutoffKm(m);
      for (let node = 0; node < nodes && node * stepKm <= reach; node++) {
        const base = (b * nodes + node) * k;
        for (const angle of strikes) {
          const rRup = ruptureDistanceKm(node * stepKm, m, depth, angle);
          if (rRup > INTEGRATION.maxRuptureKm) continue;
          for (let j = 0; j < k; j++) table[base + j]! += exceedanceProbability(thresholds[j]!, m, rRup, depth, type) / strikes.length;
        }
      }
    });
    return table;
  });
  return { thresholds, bins, stepKm, nodes, byDepthClass };
}

/**
 * Share of the events of M ≥ mMin in each magnitude bin under a doubly
 * truncated Gutenberg–Richter law (Cosentino et al. 1977) ending at mmax.
 */
export function binShares(bins: readonly number[], mmax: number, b: number = RECURRENCE.bValue): Float64Array {
  const half = RECURRENCE.binWidth / 2;
  const mMin = RECURRENCE.mMin;
  const norm = 1 - 10 ** (-b * (mmax - mMin));
  return Float64Array.from(bins, (m) => (m + half <= mmax + 1e-9 ? (10 ** (-b * (m - half - mMin)) - 10 ** (-b * (m + half - mMin))) / norm : 0));
}

/**
 * Exceedance per unit rate of M ≥ mMin for one depth class and Mmax, by
 * distance node: Σ_bins share(bin) × P(IM ≥ x | bin, R). Float64Array [node][threshold].
 */
export function sourceResponse(tables: ExceedanceTables, depthClass: number, mmax: number): Float64Array {
  const k = tables.thresholds.length;
  const out = new Float64Array(tables.nodes * k);
  const shares = binShares(tables.bins, mmax);
  const table = tables.byDepthClass[depthClass]!;
  shares.forEach((share, b) => {
    if (share === 0) return;
    const base = b * tables.nodes * k;
    for (let i = 0; i < out.length; i++) out[i]! += share * table[base + i]!;
  });
  return out;
}
