/**
 * Pezeshk, Zandieh & Tavakoli (2011), "Hybrid empirical ground-motion
 * prediction equations for eastern North America using NGA models and
 * updated seismological parameters", BSSA 101(4):1859–1870 — PGA for hard
 * rock (Vs30 ≥ 2000 m/s), eq. (5) with the Table 2 PGA coefficients, moved to
 * the B/C boundary (760 m/s) with the NGA-East site term F760 of Stewart et al.
 * (2020) (stewart-2020-f760.ts), ×1.19 (+0.170 ln), as the USGS 2018 model moves its CEUS
 * hard-rock models; the factor of the USGS 2014 model (Atkinson & Adams 2013,
 * −0.10 log10, ×0.79) belongs to the 2014 ground-motion set, not to the 2018
 * model our levels are checked against.
 *
 *   log10 Y = c1 + c2 M + c3 M² + (c4 + c5 M) min(log10 R, log10 70)
 *           + (c6 + c7 M) max(min(log10 R/70, log10 140/70), 0)
 *           + (c8 + c9 M) max(log10 R/140, 0) + c10 R,   R = √(Rrup² + c11²), Y in g
 *   σ(log10) = √(σ_M² + σ_reg²),  σ_M = c12 M + c13 (M ≤ 7), −0.00695 M + c14 (M > 7)
 */
import { F760_PGA_LN, SEA20_CITATION } from './stewart-2020-f760.js';
import { checkRupture, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';

/** Table 2, PGA row. */
export const PZT11_PGA = Object.freeze({
  c1: 1.582785, c2: 0.22980485, c3: -0.038467279, c4: -3.8325245, c5: 0.3535179, c6: 0.33208645, c7: -0.091649259,
  c8: -2.5516989, c9: 0.18307091, c10: -0.000422375, c11: 6.6520975, c12: -0.021050254, c13: 0.37776584, c14: 0.27905505, sigmaReg: 0.020605025,
});

/** log10 PGA (g) on hard rock, eq. (5). */
export function pzt11Log10PgaHardRock(magnitude: number, rRupKm: number): number {
  const c = PZT11_PGA;
  const m = magnitude;
  const r = Math.sqrt(rRupKm * rRupKm + c.c11 * c.c11);
  return (
    c.c1 + c.c2 * m + c.c3 * m * m +
    (c.c4 + c.c5 * m) * Math.min(Math.log10(r), Math.log10(70)) +
    (c.c6 + c.c7 * m) * Math.max(Math.min(Math.log10(r / 70), Math.log10(140 / 70)), 0) +
    (c.c8 + c.c9 * m) * Math.max(Math.log10(r / 140), 0) +
    c.c10 * r
  );
}

/** Total σ of log10 PGA, eq. (6)–(7). */
export function pzt11SigmaLog10(magnitude: number): number {
  const c = PZT11_PGA;
  const sigmaM = magnitude <= 7 ? c.c12 * magnitude + c.c13 : -0.00695 * magnitude + c.c14;
  return Math.sqrt(sigmaM * sigmaM + c.sigmaReg * c.sigmaReg);
}

export const PZT11_BC: GroundMotionModel = Object.freeze({
  id: 'PZT11-BC',
  name: 'Pezeshk, Zandieh & Tavakoli (2011), moved to B/C with the NGA-East F760 (Stewart et al. 2020)',
  citation:
    'Pezeshk, S., A. Zandieh, and B. Tavakoli (2011). Hybrid empirical ground-motion prediction equations for eastern North America ' +
    'using NGA models and updated seismological parameters. Bulletin of the Seismological Society of America 101(4), 1859–1870. ' +
    `doi:10.1785/0120100144; site term: ${SEA20_CITATION}`,
  regime: 'stable',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    const mean = pzt11Log10PgaHardRock(rupture.magnitude, rupture.rRupKm) * Math.LN10 + F760_PGA_LN;
    return { mean, sigma: pzt11SigmaLog10(rupture.magnitude) * Math.LN10 };
  },
});
