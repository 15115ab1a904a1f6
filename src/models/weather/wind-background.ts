import { lnGamma } from '../../engine/gamma.js';
import { WIND } from './parameters.js';
import { cellPositions, type CruClimatology } from './sources.js';

/**
 * Background (synoptic) gusts from the CRU mean 10 m wind U of a month: the day's
 * highest 10-min mean wind is Weibull(k, c) with mean M·U, and the day's peak 3-s
 * gust is G times it, so
 *   P(day's gust ≥ x) = exp(−(x / (G·c))^k),  c = M·U / Γ(1 + 1/k).
 */
export function backgroundGustProbability(meanWind: number, gust: number): number {
  if (!(meanWind > 0)) return 0;
  const k = WIND.weibullShape;
  const scale = (WIND.gustFactor3sOver600s * WIND.dailyMaxToMonthlyMean * meanWind) / Math.exp(lnGamma(1 + 1 / k));
  return Math.exp(-Math.pow(gust / scale, k));
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
