import { daysFromCivil } from '../../engine/calendar.js';
import { returnPeriodYears, windowYears } from '../../engine/formulas.js';
import { cellIndex } from '../../engine/grid.js';
import type { PerilName } from '../../engine/perils.js';
import { referenceWindow } from '../../engine/reference.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { OrderingCheck, ValidationRow } from '../validation-types.js';
import { earthquakeThresholds } from './exceedance-tables.js';
import { ORDERINGS, REFERENCE_PLACES, type ReferencePlace } from './places.js';

/** 10 % in 50 years as a return period (474.6 years), through formulas.ts. */
export const DESIGN_RETURN_PERIOD = returnPeriodYears(0.1, 50);

/** A 50-year window of whole days, 2001-01-01 … 2050-12-31. */
const WINDOW = { startDay: daysFromCivil(2001, 1, 1), endDay: daysFromCivil(2050, 12, 31), startHour: 0, endHour: 23 };

export interface DesignPga {
  pga: number;
  /** 'interpolated' inside the table's PGA levels, else log-log extrapolation from the nearest two. */
  how: 'interpolated' | 'extrapolated below 0.05 g' | 'extrapolated above 0.5 g';
}

/**
 * PGA with a 474.6-year return period at a place: the table's PGA curve
 * (return period per level from referenceWindow over 50 years) interpolated
 * linearly in log PGA against log return period. Null where the cell has no coverage.
 */
export function designPga(table: HazardTable, latitude: number, longitude: number): DesignPga | null {
  const row = table.cellRow[cellIndex(table.grid, latitude, longitude)] ?? -1;
  if (row < 0) return null;
  const thresholds = earthquakeThresholds();
  const probabilities = referenceWindow(table, row, WINDOW);
  const years = windowYears(WINDOW.endDay - WINDOW.startDay + 1);
  const curve = thresholds.flatMap((t, j) => (t.measure === 'PGA' ? [{ x: Math.log(t.level), y: Math.log(returnPeriodYears(probabilities[j]!, years)) }] : []));
  const target = Math.log(DESIGN_RETURN_PERIOD);
  let i = curve.findIndex((p) => p.y >= target);
  let how: DesignPga['how'] = 'interpolated';
  if (i <= 0) {
    how = i === 0 ? 'extrapolated below 0.05 g' : 'extrapolated above 0.5 g';
    i = i === 0 ? 1 : curve.length - 1;
  }
  const a = curve[i - 1]!;
  const b = curve[i]!;
  const pga = Math.exp(a.x + ((target - a.y) * (b.x - a.x)) / (b.y - a.y));
  return { pga, how };
}

export function validate(tables: ReadonlyMap<PerilName, HazardTable>): ValidationRow[] {
  const table = tables.get('Earthquake');
  if (!table) return [];
  return REFERENCE_PLACES.filter((p) => p.pga475 !== null).map((p) => row(table, p));
}

function row(table: HazardTable, p: ReferencePlace): ValidationRow {
  const ours = designPga(table, p.latitude, p.longitude);
  const base = { peril: 'Earthquake', place: p.place, latitude: p.latitude, longitude: p.longitude, quantity: 'PGA (g) at 10 % in 50 years (474.6-yr)', reference: p.pga475, reference_source: p.source };
  if (!ours) return { ...base, ours: Number.NaN, ratio: null, note: 'no coverage' };
  const ratio = p.pga475 ? ours.pga / p.pga475 : null;
  return { ...base, ours: round3(ours.pga), ratio: ratio === null ? null : round3(ratio), ...(ours.how === 'interpolated' ? {} : { note: ours.how }) };
}

export function orderings(tables: ReadonlyMap<PerilName, HazardTable>): OrderingCheck[] {
  const table = tables.get('Earthquake');
  if (!table) return [];
  const at = (name: string): number => {
    const p = REFERENCE_PLACES.find((q) => q.place === name)!;
    return designPga(table, p.latitude, p.longitude)?.pga ?? Number.NaN;
  };
  return ORDERINGS.map(([high, low]) => {
    const a = at(high);
    const b = at(low);
    return { peril: 'Earthquake', claim: `475-yr PGA: ${high} > ${low}`, holds: a > b, detail: `${high} ${round3(a)} g, ${low} ${round3(b)} g` };
  });
}

function round3(x: number): number {
  return Number(x.toPrecision(3));
}
