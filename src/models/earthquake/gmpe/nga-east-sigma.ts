/**
 * The aleatory variability of PGA that the USGS 2018 model gives every
 * central and eastern North American median model (the 17 NGA-East models and
 * the seed models alike): a two-branch logic tree (Petersen et al. 2020;
 * Goulet et al. 2017, ch. 5), at Vs30 = 760 m/s.
 *
 * - Updated EPRI (2013), weight 0.8: τ and φ tabulated at M 5, 6 and 7
 *   (Goulet et al. 2017, Table 5.5), linear in M between, constant outside.
 * - NGA-East panel, weight 0.2: τ (Al Atik 2015, global model), single-station
 *   φ_SS (global branch) and the site-to-site φ_S2S of Stewart et al. (2019)
 *   for Vs30 ≤ 1200 m/s; σ² = τ² + φ_SS² + φ_S2S².
 *
 * These replace each median model's own σ in the stable-crust logic tree
 * (index.ts), as the USGS 2018 model does for its seed models.
 */
import type { GmpeBranch, GroundMotionModel, Rupture } from './types.js';

export const NGA_EAST_SIGMA_CITATION =
  'Goulet, C.A., Bozorgnia, Y., Kuehn, N., Al Atik, L., Youngs, R.R., Graves, R.W., Atkinson, G.M. (2017). NGA-East ' +
  'ground-motion models for the U.S. Geological Survey national seismic hazard maps. PEER Report 2017/03, Table 5.5 and ch. 5; ' +
  'Al Atik, L. (2015). NGA-East: ground-motion standard deviation models for central and eastern North America. PEER Report 2015/07; ' +
  'Stewart, J.P., et al. (2017). Expert panel recommendations for ergodic site amplification in central and eastern North America. ' +
  'PEER Report 2017/04 (φ_S2S); branch weights: Petersen, M.D., et al. (2020). Earthquake Spectra 36(1):5–41';

/** Updated EPRI (2013) τ and φ of ln PGA at M 5, 6, 7 (Goulet et al. 2017, Table 5.5, PGA row). */
export const EPRI13_PGA = Object.freeze({
  tauM5: 0.432, phiM5: 0.6269, tauM6: 0.3779, phiM6: 0.5168, tauM7: 0.3525, phiM7: 0.5039,
});

/**
 * NGA-East panel model, PGA: τ at M 4.5 / 5 / 5.5 / 6.5 (t1…t4), φ_SS at
 * M ≤ 5 and M ≥ 6.5 (ssA, ssB), φ_S2S for Vs30 ≤ 1200 m/s (s2s).
 */
export const PANEL_PGA = Object.freeze({
  t1: 0.4436, t2: 0.4169, t3: 0.3736, t4: 0.3415, ssA: 0.5423, ssB: 0.3439, s2s: 0.533,
});

/** Linear in magnitude between knots, constant beyond the first and last. */
function piecewise(m: number, knots: readonly (readonly [number, number])[]): number {
  if (m <= knots[0]![0]) return knots[0]![1];
  for (let i = 1; i < knots.length; i++) {
    const [m1, v1] = knots[i]!;
    if (m <= m1) {
      const [m0, v0] = knots[i - 1]!;
      return v0 + ((v1 - v0) * (m - m0)) / (m1 - m0);
    }
  }
  return knots[knots.length - 1]![1];
}

/** Total σ of ln PGA, updated EPRI (2013) branch. */
export function epriSigma(magnitude: number): number {
  const c = EPRI13_PGA;
  const tau = piecewise(magnitude, [[5, c.tauM5], [6, c.tauM6], [7, c.tauM7]]);
  const phi = piecewise(magnitude, [[5, c.phiM5], [6, c.phiM6], [7, c.phiM7]]);
  return Math.hypot(tau, phi);
}

/** Total σ of ln PGA, NGA-East panel branch at Vs30 = 760 m/s. */
export function panelSigma(magnitude: number): number {
  const c = PANEL_PGA;
  const tau = piecewise(magnitude, [[4.5, c.t1], [5, c.t2], [5.5, c.t3], [6.5, c.t4]]);
  const phiSS = piecewise(magnitude, [[5, c.ssA], [6.5, c.ssB]]);
  return Math.hypot(tau, phiSS, c.s2s);
}

/** The two branches and their weights in the USGS 2018 model. */
export const SIGMA_BRANCHES = Object.freeze([
  { key: 'EPRI13', label: 'updated EPRI (2013)', sigma: epriSigma, weight: 0.8 },
  { key: 'panel', label: 'NGA-East panel', sigma: panelSigma, weight: 0.2 },
] as const);

/**
 * One median model as two logic-tree branches, its median with each σ branch
 * above, their weights multiplied by the model's own.
 */
export function withNgaEastSigma(model: GroundMotionModel, weight: number): GmpeBranch[] {
  return SIGMA_BRANCHES.map((branch) => ({
    weight: weight * branch.weight,
    model: Object.freeze({
      ...model,
      id: `${model.id}+${branch.key}σ`,
      name: `${model.name}, σ: ${branch.label}`,
      citation: `${model.citation}; σ: ${NGA_EAST_SIGMA_CITATION}`,
      lnPga: (rupture: Rupture) => ({ mean: model.lnPga(rupture).mean, sigma: branch.sigma(rupture.magnitude) }),
    }),
  }));
}
