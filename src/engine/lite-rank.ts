import { perilDef } from './perils.js';
import type { HazardTable } from './table-spec.js';
import { cosDeg } from '../geo/sphere.js';
import { annualCountFromDaily } from './formulas.js';

/**
 * Percentile ranks for Lite's `globally_relative` method (docs/lite.md), fixed at
 * table-build time so scoring costs one lookup. Each row gets the share (0–100)
 * of the covered area, weighted by cos(latitude), whose expected annual count of
 * reaching the Lite threshold is lower — ties count half (mid-rank).
 */

/** Expected annual count of reaching the Lite threshold, per row; null when the peril has no Lite threshold. */
export function annualLiteCounts(table: HazardTable): Float64Array | null {
  const def = perilDef(table.peril);
  if (!def.lite || table.type === 'accumulation') return null;
  const k = def.thresholds.length;
  const j = def.thresholds.indexOf(def.lite.threshold);
  const out = new Float64Array(table.rows);
  for (let r = 0; r < table.rows; r++) {
    if (table.type === 'rate') out[r] = table.rates[r * k + j]!;
    else out[r] = annualCountFromDaily(table.dailyProb, r, j, k);
  }
  return out;
}

export function liteRanks(table: HazardTable): Float64Array | null {
  const counts = annualLiteCounts(table);
  if (!counts) return null;
  const rowArea = new Float64Array(table.rows);
  const { nlat, nlon, lat0, dlat } = table.grid;
  for (let i = 0; i < nlat; i++) {
    const weight = cosDeg(lat0 + (i + 0.5) * dlat);
    for (let j = 0; j < nlon; j++) {
      const row = table.cellRow[i * nlon + j]!;
      if (row >= 0) rowArea[row]! += weight;
    }
  }
  const order = Array.from({ length: table.rows }, (_, r) => r).sort((a, b) => counts[a]! - counts[b]! || a - b);
  const total = rowArea.reduce((a, b) => a + b, 0);
  const ranks = new Float64Array(table.rows);
  let below = 0;
  for (let i = 0; i < order.length; ) {
    let end = i;
    let tiedArea = 0;
    while (end < order.length && counts[order[end]!] === counts[order[i]!]) tiedArea += rowArea[order[end++]!]!;
    const rank = total > 0 ? (100 * (below + tiedArea / 2)) / total : 0;
    for (let t = i; t < end; t++) ranks[order[t]!] = rank;
    below += tiedArea;
    i = end;
  }
  return ranks;
}
