import { cellIndex } from '../../engine/grid.js';
import type { GridDef } from '../../engine/table-spec.js';
import { cellAreaKm2 } from '../toolkit/half-degree.js';
import { weichertB } from './catalogue-stats.js';
import { effectiveYears, isComplete } from './completeness.js';
import { observedMmax } from './mmax.js';
import { BACKGROUND, COMPLETENESS, LAYER_DEPTHS, LAYERS, RECURRENCE } from './parameters.js';
import { smoothCounts } from './smoothing.js';
import type { Quake } from './sources.js';
import { TECTONIC_REGIMES, type Regionalisation } from './tectonics.js';

/** The smoothed-seismicity source model on the 0.5° grid, one layer per LAYERS entry. */
export interface SourceModel {
  grid: GridDef;
  /** Per layer, per cell: annual rate of M ≥ mRef (the lowest completeness class). */
  rateByLayer: Float64Array[];
  /** Per layer, per cell: maximum magnitude (on the bin grid). */
  mmaxByLayer: Float64Array[];
  /** Per layer: Gutenberg–Richter b-value, Weichert (1980) maximum likelihood on the layer's mainshocks. */
  bByLayer: number[];
}

export interface SourceModelStats {
  mainshocks: number;
  completeMainshocks: number;
  effectiveYears: number;
  /** Complete mainshocks per layer. */
  eventsByLayer: number[];
  /** Per layer: annual rate of M ≥ mRef, globally. */
  rateByLayer: number[];
  bByLayer: number[];
}

/** The layer an event belongs to, from its cell's regime and its depth (LAYER_DEPTHS). */
export function layerOf(regime: string, depthKm: number): number {
  const d = LAYER_DEPTHS;
  const crustal = regime === 'subduction' ? d.subductionCrustKm : d.crustalKm;
  if (depthKm < crustal) return regime === 'stable' ? 0 : 1;
  if (regime === 'subduction' && depthKm < d.interfaceKm) return 2;
  const deeper = d.inslabClassesKm.findIndex((upTo) => depthKm < upTo);
  return 3 + (deeper < 0 ? d.inslabClassesKm.length : deeper);
}

/**
 * Smoothed seismicity per layer: the complete declustered mainshocks of each
 * layer smoothed with the Helmstetter et al. (2007) kernel and divided by the
 * effective observation time, then blended with the layer's uniform rate over
 * its regime (BACKGROUND), with Mmax per cell from the merged catalogue and
 * the layer's bounds, and the layer's own b-value.
 */
export function buildSourceModel(grid: GridDef, regions: Regionalisation, merged: readonly Quake[], mainshocks: readonly Quake[]): { model: SourceModel; stats: SourceModelStats } {
  const cellRegime = (q: Quake): string => TECTONIC_REGIMES[regions.regime[Math.max(0, cellIndex(grid, q.latitude, q.longitude))]!]!;
  const layerOfQuake = (q: Quake): number => layerOf(cellRegime(q), q.depthKm);
  const complete = mainshocks.filter((q) => isComplete(q));
  const points = complete.map((q) => ({ latitude: q.latitude, longitude: q.longitude, layer: layerOfQuake(q) }));
  const bByLayer = LAYERS.map((_, l) => {
    const events = mainshocks.filter((q) => layerOfQuake(q) === l);
    return events.length < RECURRENCE.minEventsForLayerB ? RECURRENCE.bValue : Number(weichertB(events, COMPLETENESS.classes[0].from).toFixed(3));
  });
  const years = effectiveYears();
  const smoothed = smoothCounts(grid, points, LAYERS.length).map((counts, l) => {
    const layerYears = effectiveYears(bByLayer[l]);
    return counts.map((c) => c / layerYears);
  });
  const rateByLayer = smoothed.map((rates, l) => withBackground(rates, l, regions));
  const observed = observedMmax(grid, merged, RECURRENCE.mmaxRadiusKm);
  const mmaxByLayer = LAYERS.map((layer) =>
    observed.map((m) => Math.round(Math.min(layer.mmaxCeiling, Math.max(layer.mmaxFloor, m + RECURRENCE.mmaxIncrement)) / RECURRENCE.binWidth) * RECURRENCE.binWidth),
  );
  return {
    model: { grid, rateByLayer, mmaxByLayer, bByLayer },
    stats: {
      mainshocks: mainshocks.length,
      completeMainshocks: complete.length,
      effectiveYears: years,
      eventsByLayer: LAYERS.map((_, l) => points.filter((p) => p.layer === l).length),
      rateByLayer: rateByLayer.map((layer) => layer.reduce((s, v) => s + v, 0)),
      bByLayer,
    },
  };
}

/** Regimes over which a layer's background is spread. */
const BACKGROUND_REGIMES: Record<string, { weight: number; regimes: readonly string[] }> = {
  'stable crust': { weight: BACKGROUND.stable, regimes: ['stable'] },
  'active crust': { weight: BACKGROUND.active, regimes: ['active', 'subduction'] },
};

function withBackground(rates: Float64Array, layer: number, regions: Regionalisation): Float64Array {
  const rule = BACKGROUND_REGIMES[LAYERS[layer]!.name];
  if (!rule) return rates;
  const inDomain = (cell: number): boolean => rule.regimes.includes(TECTONIC_REGIMES[regions.regime[cell]!]!);
  let rate = 0;
  let area = 0;
  for (let cell = 0; cell < rates.length; cell++) {
    if (!inDomain(cell)) continue;
    rate += rates[cell]!;
    area += cellAreaKm2(cell);
  }
  const density = rate / area;
  return rates.map((r, cell) => (inDomain(cell) ? (1 - rule.weight) * r + rule.weight * density * cellAreaKm2(cell) : r));
}
