/**
 * NGA-East for the USGS (Goulet et al. 2017, PEER Report 2017/03): the 17
 * median models the USGS 2018 national model uses for central and eastern
 * North America, here as one table of PGA at Vs30 = 760 m/s — the weighted
 * mean of their ln medians with the USGS PGA weights (nshmp-haz
 * `nga-east-usgs-weights.dat`). The models are themselves tables (hard rock,
 * moved to 760 m/s by the Stewart et al. 2020 site model, F760 at PGA); the
 * values are those of OpenQuake's verification tables of its implementation
 * (`usgs_ceus_2019/NGAEastUSGSSammons{1…17}_MEAN.csv`), at M 5, 6, 7 and 20
 * rupture distances (provenance and the 17 models' values in
 * test/models/earthquake/gmpe-data/, where the test recomputes this table).
 *
 * Between the nodes: ln PGA linear in ln R_rup (the interpolation of the USGS
 * and OpenQuake implementations), clamped below 0.1 km and continued with the
 * last slope beyond 217 km; in magnitude, the parabola through M 5, 6 and 7,
 * which follows the tables' saturation and reaches the model's M 4.5 and
 * 7.5 ends. σ is not the tables': the stable logic tree gives every median
 * model the USGS σ branches (nga-east-sigma.ts).
 */
import { checkRupture, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';
import { epriSigma } from './nga-east-sigma.js';

export const NGA_EAST_USGS_CITATION =
  'Goulet, C.A., Bozorgnia, Y., Kuehn, N., Al Atik, L., Youngs, R.R., Graves, R.W., Atkinson, G.M. (2017). NGA-East ground-motion ' +
  'models for the U.S. Geological Survey national seismic hazard maps. PEER Report 2017/03; 17 models weighted as in the USGS 2018 model ' +
  '(Petersen et al. 2020, Earthquake Spectra 36(1):5–41), moved to 760 m/s with Stewart et al. (2020)';

/** Magnitudes and rupture distances (km) of the table's nodes. */
export const NGA_EAST_MAGNITUDES = Object.freeze([5, 6, 7] as const);
export const NGA_EAST_DISTANCES_KM = Object.freeze([
  0.1, 0.14983, 0.2245, 0.33638, 0.50402, 0.7552, 1.13155, 1.69545, 2.54037, 3.80636, 5.70324, 8.54543, 12.80402, 19.18485,
  28.74555, 43.07078, 64.53495, 96.69569, 144.88363, 217.08585,
]);

/** Weighted mean over the 17 models of ln PGA (g) at 760 m/s; one row per magnitude, one column per distance. */
export const NGA_EAST_LN_PGA_760 = Object.freeze([
  Object.freeze([
    -0.22886, -0.23403, -0.2392, -0.24437, -0.24954, -0.25471, -0.3043, -0.4548, -0.6053, -0.75581, -0.98322, -1.37004, -1.84342,
    -2.40724, -3.03474, -3.68012, -4.26177, -4.73898, -5.27896, -5.94988,
  ]),
  Object.freeze([
    0.26307, 0.25901, 0.25496, 0.2509, 0.24684, 0.24279, 0.20976, 0.11093, 0.0121, -0.08673, -0.244, -0.52239, -0.88652, -1.34735,
    -1.88806, -2.46267, -2.98177, -3.40453, -3.89203, -4.50614,
  ]),
  Object.freeze([
    0.56018, 0.55706, 0.55394, 0.55082, 0.5477, 0.54458, 0.52082, 0.45019, 0.37955, 0.30892, 0.20201, 0.01991, -0.23285, -0.57471,
    -1.00299, -1.48284, -1.92353, -2.28527, -2.71805, -3.26494,
  ]),
]);

const LN_DISTANCES = NGA_EAST_DISTANCES_KM.map(Math.log);

/** ln PGA at one magnitude row, linear in ln R between nodes, clamped at the first, extended beyond the last. */
function atDistance(row: readonly number[], rRupKm: number): number {
  const x = Math.log(Math.max(rRupKm, NGA_EAST_DISTANCES_KM[0]!));
  let i = 1;
  while (i < LN_DISTANCES.length - 1 && x > LN_DISTANCES[i]!) i++;
  const [x0, x1] = [LN_DISTANCES[i - 1]!, LN_DISTANCES[i]!];
  return row[i - 1]! + ((row[i]! - row[i - 1]!) * (x - x0)) / (x1 - x0);
}

/** ln PGA (g) at 760 m/s: the parabola in M through the three rows at this distance. */
export function ngaEastLnPga760(magnitude: number, rRupKm: number): number {
  const [y5, y6, y7] = NGA_EAST_LN_PGA_760.map((row) => atDistance(row, rRupKm)) as [number, number, number];
  const t = magnitude - 6;
  return y6 + (t * (y7 - y5)) / 2 + (t * t * (y7 - 2 * y6 + y5)) / 2;
}

export const NGA_EAST_USGS: GroundMotionModel = Object.freeze({
  id: 'NGAEast-USGS',
  name: 'NGA-East for the USGS (2017), 17 models weighted, at 760 m/s',
  citation: NGA_EAST_USGS_CITATION,
  regime: 'stable',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    return { mean: ngaEastLnPga760(rupture.magnitude, rupture.rRupKm), sigma: epriSigma(rupture.magnitude) };
  },
});
