import { SAFFIR_SIMPSON_KNOTS, perilDef } from '../../engine/perils.js';
import type { ExplainSite } from '../explainer.js';
import { monthParts } from '../by-month.js';
import type { Breakdown, BreakdownItem } from '../schema.js';
import type { ObservedStorm } from './observed-storms.js';

/** The storms listed by name; the weaker rest close the breakdown as one "other" item. */
const LISTED = 40;

/**
 * The observed-storm breakdown (docs/explain.md "TropicalCyclone"): every
 * recorded storm whose site wind reached the threshold in a month the window
 * holds, strongest first, each an equal share of that count (the modelled
 * rate comes from the synthetic event set, not from these storms: the note
 * sets the two rates side by side). Omitted where no recorded storm reached it.
 */
export function stormBreakdown(observed: readonly ObservedStorm[], site: ExplainSite): Breakdown[] {
  const thresholdKt = SAFFIR_SIMPSON_KNOTS[site.thresholdIndex]!;
  const months = new Set(monthParts(site.window.startDay, site.window.endDay).map(([, , month]) => month));
  const reached = observed.filter((o) => o.kt >= thresholdKt && months.has(new Date(o.time).getUTCMonth())).sort((a, b) => b.kt - a.kt || a.time - b.time);
  if (reached.length === 0) return [];
  const share = 1 / reached.length;
  const item = (o: ObservedStorm): BreakdownItem => {
    const date = new Date(o.time).toISOString().slice(0, 10);
    const name = stormName(o.storm.name);
    return { label: name === null ? `Unnamed ${o.storm.id}, ${date}` : `${name} ${date.slice(0, 4)}`, share, annual_rate: share * site.annualRate, storm_id: o.storm.id, storm_name: name, date, wind_kt: Math.round(o.kt * 10) / 10, fitted_period: o.weight > 0 };
  };
  const rest = reached.slice(LISTED);
  const items = rest.length < 2 ? reached.map(item) : [...reached.slice(0, LISTED).map(item), otherItem(rest, share, site.annualRate)];
  const counted = reached.filter((o) => o.weight > 0);
  const observedRate = counted.reduce((sum, o) => sum + o.weight, 0);
  const first = Math.min(...reached.map((o) => new Date(o.time).getUTCFullYear()));
  const threshold = perilDef('TropicalCyclone').thresholds[site.thresholdIndex];
  const note =
    `${reached.length} recorded storm${reached.length === 1 ? '' : 's'} (from ${first}) reached ${threshold} (≥ ${thresholdKt} kt) at this place's 0.25° cell, ` +
    `their best tracks through the model's wind field; ${counted.length} fall in the periods the synthetic event set is fitted on, ` +
    `an observed rate of ${observedRate.toPrecision(3)} a year against the modelled ${site.annualRate.toPrecision(3)} (the modelled rate is smoothed over 50 km and comes from the event set).`;
  return [{ by: 'observed_storm', note, items }];
}

function otherItem(rest: readonly ObservedStorm[], share: number, annualRate: number): BreakdownItem {
  const [low, high] = [rest[rest.length - 1]!.kt, rest[0]!.kt].map((kt) => Math.round(kt));
  return { label: `other: ${rest.length} weaker storms, site winds ${low}–${high} kt`, share: rest.length * share, annual_rate: rest.length * share * annualRate };
}

/** "ANDREW" → "Andrew" (the readers give null for no name). */
function stormName(name: string | null): string | null {
  return name === null ? null : name.trim().toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());
}
