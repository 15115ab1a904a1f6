/**
 * Atkinson & Boore (2006), "Earthquake ground-motion prediction equations
 * for eastern North America", BSSA 96(6):2181–2205 — stable continental
 * regions. PGA at the NEHRP B/C boundary (Vs30 = 760 m/s), reference
 * 140-bar stress parameter.
 *
 * Equation (5) of the paper, with Rcd the closest distance to the fault (km):
 *   log10 PSA = c1 + c2 M + c3 M² + (c4 + c5 M) f1 + (c6 + c7 M) f2
 *             + (c8 + c9 M) f0 + c10 Rcd + S
 *   f0 = max(log10(R0/Rcd), 0), f1 = min(log10 Rcd, log10 R1),
 *   f2 = max(log10(Rcd/R2), 0), R0 = 10, R1 = 70, R2 = 140 km,
 * PSA in cm/s². The B/C coefficients already describe a 760 m/s site, so the
 * soil term S (the Vs30 amplification relative to 760 m/s, with the Table 8
 * coefficients) is zero here: its linear part goes as ln(Vs30/760) and its
 * nonlinear part vanishes for Vs30 ≥ 760. Rcd is clipped at 1 km: the
 * equations are fitted from 1 km outwards and f0 grows without bound as
 * Rcd → 0.
 *
 * Aleatory variability: σ = 0.30 log10 units at all periods (the paper gives
 * no between/within split), i.e. 0.30·ln 10 = 0.6908 in ln units.
 */
import { checkRupture, lnGFromLog10CmS2, REFERENCE_VS30, type GroundMotionModel, type LnPgaPrediction, type Rupture } from './types.js';

export interface Ab06Coefficients {
  readonly c1: number; readonly c2: number; readonly c3: number; readonly c4: number; readonly c5: number;
  readonly c6: number; readonly c7: number; readonly c8: number; readonly c9: number; readonly c10: number;
}

/**
 * Table 9 (NEHRP B/C boundary, 140 bar), row "pga", at the four significant
 * figures of D. M. Boore's Fortran implementation of the model (the values
 * OpenQuake's AtkinsonBoore2006 carries). Table 9 prints these rounded to
 * three figures (AB06_TABLE9_PRINTED_PGA); the three-figure values move
 * ln PGA by up to 0.014 against the authors' own tabulated predictions, the
 * four-figure ones reproduce them (test/models/earthquake/gmpe.test.ts).
 */
export const AB06_BC_PGA: Ab06Coefficients = Object.freeze({
  c1: 5.233e-1, c2: 9.686e-1, c3: -6.196e-2, c4: -2.439, c5: 1.465e-1,
  c6: -2.335, c7: 1.912e-1, c8: -8.695e-2, c9: -8.285e-2, c10: -6.304e-4,
});

/** Table 9, row "pga", exactly as printed in the paper (three significant figures). */
export const AB06_TABLE9_PRINTED_PGA: Ab06Coefficients = Object.freeze({
  c1: 5.23e-1, c2: 9.69e-1, c3: -6.2e-2, c4: -2.44, c5: 1.47e-1,
  c6: -2.34, c7: 1.91e-1, c8: -8.7e-2, c9: -8.29e-2, c10: -6.3e-4,
});

/** Hinge distances of eq. (5) (km), and the distance floor used here. */
export const AB06_DISTANCES = Object.freeze({ r0: 10, r1: 70, r2: 140, minimumKm: 1 });

/** Total aleatory σ of log10 PSA (paper, with Table 9), and in ln units. */
export const AB06_SIGMA_LOG10 = 0.3;
export const AB06_SIGMA_LN = AB06_SIGMA_LOG10 * Math.LN10;

/** log10 PGA (cm/s²) of eq. (5) on B/C rock. */
export function ab06Log10PgaCmS2(magnitude: number, rRupKm: number, c: Ab06Coefficients = AB06_BC_PGA): number {
  const { r0, r1, r2, minimumKm } = AB06_DISTANCES;
  const r = Math.max(rRupKm, minimumKm);
  const f0 = Math.max(Math.log10(r0 / r), 0);
  const f1 = Math.min(Math.log10(r), Math.log10(r1));
  const f2 = Math.max(Math.log10(r / r2), 0);
  const m = magnitude;
  return c.c1 + c.c2 * m + c.c3 * m * m + (c.c4 + c.c5 * m) * f1 + (c.c6 + c.c7 * m) * f2 + (c.c8 + c.c9 * m) * f0 + c.c10 * r;
}

export const AB06: GroundMotionModel = Object.freeze({
  id: 'AB06',
  name: 'Atkinson & Boore (2006), B/C boundary, 140 bar',
  citation:
    'Atkinson, G. M., and D. M. Boore (2006). Earthquake ground-motion prediction equations for eastern North America. ' +
    'Bulletin of the Seismological Society of America 96(6), 2181–2205. doi:10.1785/0120050245',
  regime: 'stable',
  vs30: REFERENCE_VS30,
  uses: Object.freeze(['magnitude', 'rRupKm'] as const),
  lnPga(rupture: Rupture): LnPgaPrediction {
    checkRupture(rupture);
    return { mean: lnGFromLog10CmS2(ab06Log10PgaCmS2(rupture.magnitude, rupture.rRupKm)), sigma: AB06_SIGMA_LN };
  },
});
