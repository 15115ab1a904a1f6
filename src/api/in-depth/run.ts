import { curveRequest, curveYears, type CurveRequest } from '../../engine/curve-window.js';
import type { Engine } from '../../engine/engine.js';
import { floatReturnPeriod, integerReturnPeriod, returnPeriodYears, toPercent } from '../../engine/formulas.js';
import { perilDef, type PerilName } from '../../engine/perils.js';
import { resolveLocation, type Geocoder } from '../../geo/index.js';
import type { NormalizedEvent } from './events.js';
import { inDepthAnswer } from './answer.js';
import { buildMetadata, type EventOutcomes } from './metadata.js';
import type { FailedItem, InDepthResponse, ResultObject } from './schema.js';

/**
 * The synchronous in-depth path after validation: resolve locations → one
 * engine call for every event × peril → shape results, failed items and
 * metadata. 200 when nothing failed, otherwise 207 (docs/api.md).
 */
export type InDepthMode = 'v2' | 'daily' | 'expanding';

export interface InDepthPlan {
  mode: InDepthMode;
  perils: PerilName[];
  events: NormalizedEvent[];
  windowDays: number;
}

interface Combination {
  event: NormalizedEvent;
  peril: PerilName;
  request: CurveRequest;
}

export async function runInDepth(engine: Engine, geocoder: () => Geocoder, plan: InDepthPlan): Promise<{ status: 200 | 207; body: InDepthResponse }> {
  const combos: Combination[] = [];
  const failedItems: FailedItem[] = [];
  const geocodeErrors = new Map<number, string>();
  for (const event of plan.events) {
    const resolved = resolveLocation(geocoder(), event);
    if (!resolved.ok) {
      geocodeErrors.set(event.index, resolved.error);
      continue;
    }
    for (const peril of plan.perils) {
      combos.push({ event, peril, request: eventRequest(plan, event, peril, resolved) });
    }
  }
  const curves = await engine.evaluate(combos.map((c) => c.request));
  const results: ResultObject[] = [];
  const outcomes = new Map<number, EventOutcomes>(plan.events.map((e) => [e.index, { successful: 0, failed: 0 }]));
  combos.forEach((combo, i) => {
    const curve = curves[i]!;
    const windows = plan.mode === 'expanding' ? combo.request.endDay - combo.request.startDay + 1 : 1;
    const tally = outcomes.get(combo.event.index)!;
    if (!curve.ok) {
      tally.failed += windows;
      failedItems.push({ index: combo.event.index, stage: 'model_execution', error: `${combo.peril}: ${curve.reason}`, peril: combo.peril, window_index: null });
      return;
    }
    tally.successful += windows;
    results.push(...shape(plan.mode, combo, curve.values));
  });
  for (const event of plan.events) {
    const error = geocodeErrors.get(event.index);
    if (error === undefined) continue;
    const windows = plan.mode === 'expanding' ? event.endDay - event.startDay + 1 + plan.windowDays : 1;
    outcomes.get(event.index)!.failed += windows * plan.perils.length;
    failedItems.push({ index: event.index, stage: 'geocoding', error, peril: null, window_index: null });
  }
  failedItems.sort((a, b) => order(plan, a) - order(plan, b));
  const versions = Object.fromEntries(plan.perils.map((p) => [p, engine.info(p)?.modelVersion ?? null]));
  const metadata = buildMetadata([...outcomes.values()], failedItems.length, versions);
  return { status: failedItems.length === 0 ? 200 : 207, body: inDepthAnswer(results, failedItems, metadata) };
}

/** The event's curve of `peril`: expanding windows, and v2's cumulative perils, start window_days early. */
function eventRequest(plan: InDepthPlan, event: NormalizedEvent, peril: PerilName, place: { latitude: number; longitude: number }): CurveRequest {
  const leadIn = plan.mode === 'expanding' || (plan.mode === 'v2' && perilDef(peril).cumulative) ? plan.windowDays : 0;
  return curveRequest(peril, place, { ...event, startDay: event.startDay - leadIn }, plan.mode === 'v2' ? 'window' : plan.mode);
}

function shape(mode: InDepthMode, combo: Combination, values: Float64Array | number[]): ResultObject[] {
  const def = perilDef(combo.peril);
  const k = def.thresholds.length;
  const { request, event } = combo;
  if (mode === 'expanding') {
    const windows: ResultObject[] = [];
    for (let w = 0; w < values.length / k; w++) {
      const probability: number[] = [];
      for (let j = 0; j < k; j++) probability.push(toPercent(values[w * k + j]!));
      windows.push({ index: event.index, window_index: w, peril: def.name, latitude: request.latitude, longitude: request.longitude, threshold: [...def.thresholds], probability, unit: def.unit });
    }
    return windows;
  }
  const windowLength = curveYears(combo.peril, mode === 'daily' ? 1 : request.endDay - request.startDay + 1, request);
  // Loops, not Array.from(values, f): its iterator path cost ~45 ns a value, most of v2's time (bench/README.md).
  const probability: number[] = [];
  const returnPeriod: number[] = [];
  for (let j = 0; j < k; j++) {
    const years = returnPeriodYears(values[j]!, windowLength);
    probability.push(toPercent(values[j]!));
    returnPeriod.push(mode === 'daily' ? floatReturnPeriod(years) : integerReturnPeriod(years));
  }
  return [{ index: event.index, peril: def.name, latitude: request.latitude, longitude: request.longitude, threshold: [...def.thresholds], probability, return_period: returnPeriod, unit: def.unit }];
}

/** Failed items in request order: by event position, geocoding before model failures, then peril order. */
function order(plan: InDepthPlan, item: FailedItem): number {
  const eventPos = plan.events.findIndex((e) => e.index === item.index);
  const perilPos = item.peril === null ? -1 : plan.perils.indexOf(item.peril as PerilName);
  return eventPos * 100 + perilPos;
}
