import { expectedCountFromProbability } from '../../engine/formulas.js';
import { lnGamma } from '../../engine/gamma.js';
import { WIND } from './parameters.js';
import { cellPositions, type CruClimatology } from './sources.js';

/**
 * Background gusts from the CRU mean 10 m wind U of a month, two competing
 * daily processes whose hazards add:
 * - ordinary days: the day's highest 10-min mean wind is Rayleigh with mean M·U,
 *   its 3-s gust G times that: P(gust ≥ x) = exp(−(x / c₀)²), c₀ = G·M·U / Γ(3/2);
 * - a storm tail fitted to design winds (wind-calibration.ts): Weibull(k, c) with
 *   mean s·U_ref·(U/U_ref)^b, P(gust ≥ x) = exp(−(x / c)^k), c = s·U_ref·(U/U_ref)^b / Γ(1 + 1/k);
 *   b < 1 lets the extremes depend less than proportionally on the mean wind.
 * The first sets the frequency of moderate gusts, the second the design levels.
 */
export interface GustParams {
  s: number;
  b: number;
  k: number;
  /** Multiplier of the SPC report footprint SPC.footprintKm2. */
  footprint: number;
}

/** The Weibull scales per m/s of mean wind, computed once per parameter set. */
export interface BackgroundGusts {
  ordinaryPerMs: number;
  stormAtReference: number;
  b: number;
  k: number;
}

export function backgroundGusts(p: GustParams): BackgroundGusts {
  return {
    ordinaryPerMs: (WIND.gustFactor3sOver600s * WIND.dailyMaxToMonthlyMean) / Math.exp(lnGamma(1 + 1 / WIND.ordinaryShape)),
    stormAtReference: (p.s * WIND.referenceMs) / Math.exp(lnGamma(1 + 1 / p.k)),
    b: p.b,
    k: p.k,
  };
}

/** Daily hazard −ln(1 − p) of a background gust ≥ x (both components) at monthly mean wind U. */
export function backgroundGustHazard(meanWind: number, gust: number, g: BackgroundGusts): number {
  if (!(meanWind > 0)) return 0;
  const ordinary = g.ordinaryPerMs * meanWind;
  const storm = g.stormAtReference * Math.pow(meanWind / WIND.referenceMs, g.b);
  return expectedCountFromProbability(Math.exp(-Math.pow(gust / ordinary, WIND.ordinaryShape))) + expectedCountFromProbability(Math.exp(-Math.pow(gust / storm, g.k)));
}

export interface CellWinds {
  /** CRU land-cell position → 12 monthly mean winds (m/s), or null when none is usable within reach. */
  monthly: (Float64Array | null)[];
  /** How many land cells took a neighbour's winds. */
  filled: number;
}

/**
 * Monthly mean winds per CRU land cell. A cell whose 12 values are not all within
 * WIND.validRange (missing, or CRU interpolation artefacts such as the negative
 * speeds of eastern Australia and the > 20 m/s of the Peruvian Andes) takes the
 * winds of the nearest valid cell within WIND.fillRadiusCells (grid-cell distance,
 * ties to the lower cell index).
 */
export function cellWinds(cru: CruClimatology): CellWinds {
  const { nlat, nlon } = cru.grid;
  const positions = cellPositions(cru);
  const wnd = cru.values.wnd;
  const [lo, hi] = WIND.validRange;
  const valid = cru.cells.map((_, i) => {
    for (let m = 0; m < 12; m++) {
      const u = wnd[i * 12 + m]!;
      if (!(u >= lo && u <= hi)) return 0;
    }
    return 1;
  });
  const own = (i: number): Float64Array => wnd.slice(i * 12, i * 12 + 12);
  let filled = 0;
  const monthly = Array.from(cru.cells, (cell, i) => {
    if (valid[i]) return own(i);
    const row = Math.floor(cell / nlon);
    const col = cell - row * nlon;
    let best = -1;
    let bestDist = Infinity;
    const r = WIND.fillRadiusCells;
    for (let di = -r; di <= r; di++) {
      const ii = row + di;
      if (ii < 0 || ii >= nlat) continue;
      for (let dj = -r; dj <= r; dj++) {
        const jj = (col + dj + nlon) % nlon;
        const pos = positions[ii * nlon + jj]!;
        if (pos < 0 || !valid[pos]) continue;
        const dist = di * di + dj * dj;
        if (dist < bestDist || (dist === bestDist && cru.cells[pos]! < cru.cells[best]!)) {
          best = pos;
          bestDist = dist;
        }
      }
    }
    if (best < 0) return null;
    filled++;
    return own(best);
  });
  return { monthly, filled };
}
