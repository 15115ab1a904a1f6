import { perilDef } from '../../engine/perils.js';
import { GMPE_BRANCHES, type LnPgaPrediction } from './gmpe/index.js';
import { CM_S2_PER_G } from './gmpe/types.js';
import { mmiFromLnPgaG, WGRW12_PGA } from './gmpe/worden-2012.js';
import { normalDensity, normalTail, truncatedNormalTail } from '../toolkit/normal.js';
import { INTEGRATION, LAYERS, RECURRENCE } from './parameters.js';
import { pointSourceDistances, ruptureLengthKm } from './rupture-scaling.js';

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

/** Gauss–Legendre nodes and weights on [−1, 1] (Newton on the Legendre recurrence), computed once. */
function gaussLegendre(n: number): { x: number[]; w: number[] } {
  const x: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = z;
      for (let k = 2; k <= n; k++) [p0, p1] = [p1, ((2 * k - 1) * z * p1 - (k - 1) * p0) / k];
      dp = (n * (z * p1 - p0)) / (z * z - 1);
      const next = z - p1 / dp;
      if (Math.abs(next - z) < 1e-15) {
        z = next;
        break;
      }
      z = next;
    }
    x.push(z);
    w.push(2 / ((1 - z * z) * dp * dp));
  }
  return { x, w };
}

const G = WGRW12_PGA;
const GL = gaussLegendre(16);
/** ln PGA (g) at the break of the Worden et al. (2012) relation, where its slope changes. */
const LN_PGA_AT_BREAK = G.t1 * Math.LN10 - Math.log(CM_S2_PER_G);

/**
 * P(continuous MMI ≥ x) for ln PGA ~ N(μ, σ²) truncated at ±INTEGRATION.truncationSigma:
 * the Worden et al. (2012) relation g plus its scatter ε ~ N(0, σ_MMI²),
 *   P = ∫ φ_trunc(z) · P(ε ≥ x − g(μ + σz)) dz,
 * by 16-point Gauss–Legendre on each side of g's break (each piece is smooth).
 */
function mmiExceedance(x: number, mean: number, sigma: number): number {
  const limit = INTEGRATION.truncationSigma;
  const kink = (LN_PGA_AT_BREAK - mean) / sigma;
  const cuts = kink > -limit && kink < limit ? [-limit, kink, limit] : [-limit, limit];
  let sum = 0;
  for (let c = 0; c + 1 < cuts.length; c++) {
    const [a, b] = [cuts[c]!, cuts[c + 1]!];
    const half = (b - a) / 2;
    for (let i = 0; i < GL.x.length; i++) {
      const z = a + half * (GL.x[i]! + 1);
      sum += half * GL.w[i]! * normalDensity(z) * normalTail((x - mmiFromLnPgaG(mean + sigma * z)) / G.sigmaMmi);
    }
  }
  return sum / (1 - 2 * normalTail(limit));
}

/**
 * P(IM ≥ level) for one rupture with ln PGA ~ N(mean, σ²), σ truncated at
 * INTEGRATION.truncationSigma, added to `out` times `scale`. MMI through the
 * Worden et al. (2012) PGA → MMI relation with its scatter; integer intensity
 * I is reached at I − INTEGRATION.intensityContinuityCorrection of the
 * continuous scale.
 */
export function exceedance(thresholds: readonly IntensityThreshold[], lnPga: LnPgaPrediction, out: Float64Array, scale = 1): void {
  thresholds.forEach((t, j) => {
    const p =
      t.measure === 'PGA'
        ? truncatedNormalTail((Math.log(t.level) - lnPga.mean) / lnPga.sigma, INTEGRATION.truncationSigma)
        : mmiExceedance(t.level - INTEGRATION.intensityContinuityCorrection, lnPga.mean, lnPga.sigma);
    out[j]! += scale * p;
  });
}

/** Magnitude bin centres from mMin to the largest layer ceiling. */
export function magnitudeBins(): number[] {
  const top = Math.max(...LAYERS.map((l) => l.mmaxCeiling));
  const n = Math.round((top - RECURRENCE.mMin) / RECURRENCE.binWidth);
  return Array.from({ length: n }, (_, i) => RECURRENCE.mMin + (i + 0.5) * RECURRENCE.binWidth);
}

/** Epicentral distance beyond which no rupture of magnitude m in this layer comes within INTEGRATION.maxRuptureKm. */
export function cutoffKm(m: number, layer: number): number {
  return INTEGRATION.maxRuptureKm + ruptureLengthKm(m, LAYERS[layer]!.regime) / 2;
}

/**
 * Per layer, the probability of each threshold being exceeded given one event
 * of each magnitude bin at each epicentral distance node, with the layer's
 * ground-motion models (weighted, GMPE_BRANCHES), averaged over
 * INTEGRATION.strikes random strikes.
 */
export interface ExceedanceTables {
  thresholds: IntensityThreshold[];
  bins: number[];
  stepKm: number;
  /** Distance nodes per layer (node i at i·stepKm). */
  nodes: number[];
  /** One array per layer, bins × nodes × K. */
  byLayer: Float64Array[];
}

let built: ExceedanceTables | null = null;

/** The tables depend on constants only, so a process builds them once (~7 s on one core). */
export function buildExceedanceTables(): ExceedanceTables {
  return (built ??= computeExceedanceTables());
}

function computeExceedanceTables(): ExceedanceTables {
  const thresholds = earthquakeThresholds();
  const bins = magnitudeBins();
  const k = thresholds.length;
  const stepKm = INTEGRATION.distanceStepKm;
  const strikes = Array.from({ length: INTEGRATION.strikes }, (_, s) => ((s + 0.5) * Math.PI) / 2 / INTEGRATION.strikes);
  const nodes = LAYERS.map((layer, l) => Math.ceil(cutoffKm(layer.mmaxCeiling, l) / stepKm) + 1);
  const byLayer = LAYERS.map((layer, l) => {
    const branches = GMPE_BRANCHES[layer.regime];
    const table = new Float64Array(bins.length * nodes[l]! * k);
    const out = new Float64Array(k);
    bins.forEach((m, b) => {
      if (m - RECURRENCE.binWidth / 2 >= layer.mmaxCeiling) return;
      const reach = cutoffKm(m, l);
      for (let node = 0; node < nodes[l]! && node * stepKm <= reach; node++) {
        out.fill(0);
        const rHypoKm = Math.hypot(node * stepKm, layer.depthKm);
        for (const angle of strikes) {
          const { rJbKm, rRupKm, ztorKm } = pointSourceDistances(node * stepKm, m, layer.regime, layer.depthKm, angle);
          if (rRupKm > INTEGRATION.maxRuptureKm) continue;
          for (const { model, weight } of branches) {
            exceedance(thresholds, model.lnPga({ magnitude: m, rRupKm, rJbKm, rHypoKm, ztorKm, hypocentreDepthKm: layer.depthKm }), out, weight / strikes.length);
          }
        }
        table.set(out, (b * nodes[l]! + node) * k);
      }
    });
    return table;
  });
  return { thresholds, bins, stepKm, nodes, byLayer };
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
 * Exceedance per unit rate of M ≥ mMin for one layer and Mmax, by distance
 * node: Σ_bins share(bin) × P(IM ≥ x | bin, R). Float64Array [node][threshold].
 */
export function sourceResponse(tables: ExceedanceTables, layer: number, mmax: number, b: number = RECURRENCE.bValue): Float64Array {
  const k = tables.thresholds.length;
  const nodes = tables.nodes[layer]!;
  const out = new Float64Array(nodes * k);
  const shares = binShares(tables.bins, mmax, b);
  const table = tables.byLayer[layer]!;
  shares.forEach((share, b) => {
    if (share === 0) return;
    const base = b * nodes * k;
    for (let i = 0; i < out.length; i++) out[i]! += share * table[base + i]!;
  });
  return out;
}
