import { windowYears } from './formulas.js';
import type { KernelOp } from './kernel.js';
import { perilDef, type PerilName } from './perils.js';

/**
 * What a request means, once, for every entry point (v2, daily and expanding,
 * Lite, batch rows): the window a curve covers, the years its return periods
 * count, and the engine request for a peril at a place over it
 * (docs/methods.md). Events and batch rows are CurveWindows.
 */
export interface CurveWindow {
  /** Epoch days, inclusive. */
  startDay: number;
  endDay: number;
  /** Hours of each day, inclusive (0–23). */
  startHour: number;
  endHour: number;
}

/** The whole of each day: Lite's window, and how accumulation perils read any window. */
export const WHOLE_DAYS = { startHour: 0, endHour: 23 } as const;

/** A curve of `peril` at a place over a window (for expanding, the first window's start and the last one's end). */
export interface CurveRequest extends CurveWindow {
  peril: PerilName;
  latitude: number;
  longitude: number;
  mode: KernelOp;
  /** Mode 'threshold': the index, in the peril's thresholds, of the one probability wanted. */
  threshold?: number;
}

export function curveRequest(peril: PerilName, place: { latitude: number; longitude: number }, window: CurveWindow, mode: KernelOp = 'window', threshold?: number): CurveRequest {
  const request: CurveRequest = { peril, latitude: place.latitude, longitude: place.longitude, startDay: window.startDay, endDay: window.endDay, startHour: window.startHour, endHour: window.endHour, mode };
  if (threshold !== undefined) request.threshold = threshold;
  return request;
}

/**
 * The years a curve's probabilities cover, for their return periods: `days` whole days × the
 * window's hours — except accumulation perils, daily models whose windows hours do not shorten.
 */
export function curveYears(peril: PerilName, days: number, hours: { startHour: number; endHour: number }): number {
  const { startHour, endHour } = perilDef(peril).modelType === 'accumulation' ? WHOLE_DAYS : hours;
  return windowYears(days, startHour, endHour);
}
