import { detach } from '../read/detach.js';
import { LIMITS } from '../../limits.js';

/**
 * Map points for large schedules (docs/reports.md "Large schedules"):
 * locations are binned on the finest grid of CELL_SIZES that yields at most
 * `cap` bins; a bin keeps its member count, mean position and, per layer, the
 * riskiest class of its members, so aggregation never hides a risky location
 * behind a calmer one. When the bins outgrow the cap, every bin moves to the
 * next grid by its mean position; counts, position sums and riskiest classes
 * combine exactly, so memory stays O(cap) whatever the schedule size.
 */
/** Degrees; 0 = exact coordinates (coincident locations still share a point). */
export const CELL_SIZES = [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 10] as const;
/** Class meaning "no result in this layer" (the point is not drawn there). */
export const NO_CLASS = 9;

interface Bin {
  latSum: number;
  lonSum: number;
  count: number;
  /** Per layer: the riskiest (smallest) class of the members, NO_CLASS when none. */
  classes: Uint8Array;
  /** The member's label while the bin holds exactly one location. */
  label: string | null;
}

export interface MapPoints {
  /** Grid cell in degrees (0 = exact positions). */
  cell: number;
  lat: number[];
  lon: number[];
  count: number[];
  /** One string per layer, one character per point: the class digit, or NO_CLASS. */
  layers: string[];
  label: (string | null)[];
  /** Locations placed on the map (the sum of counts). */
  located: number;
}

export class MapBins {
  private bins = new Map<string, Bin>();
  private level = 0;

  constructor(
    private readonly layerCount: number,
    private readonly cap: number,
  ) {}

  /** `classes[layer]` is a class 0…8 (riskiest first) or NO_CLASS. */
  add(latitude: number, longitude: number, classes: ArrayLike<number>, label: string): void {
    const bin: Bin = { latSum: latitude, lonSum: longitude, count: 1, classes: Uint8Array.from(classes), label: detach(label) };
    this.merge(this.bins, bin);
    while (this.bins.size > this.cap && this.level < CELL_SIZES.length - 1) this.coarsen();
  }

  result(): MapPoints {
    const points: MapPoints = { cell: CELL_SIZES[this.level]!, lat: [], lon: [], count: [], layers: [], label: [], located: 0 };
    const layers: string[][] = Array.from({ length: this.layerCount }, () => []);
    for (const bin of this.bins.values()) {
      points.lat.push(round2(bin.latSum / bin.count));
      points.lon.push(round2(bin.lonSum / bin.count));
      points.count.push(bin.count);
      points.label.push(bin.label);
      points.located += bin.count;
      bin.classes.forEach((c, layer) => layers[layer]!.push(String(c)));
    }
    points.layers = layers.map((chars) => chars.join(''));
    return points;
  }

  private key(bin: Bin): string {
    const size = CELL_SIZES[this.level]!;
    const lat = bin.latSum / bin.count;
    const lon = bin.lonSum / bin.count;
    return size === 0 ? `${lat},${lon}` : `${Math.floor(lat / size)},${Math.floor(lon / size)}`;
  }

  private merge(into: Map<string, Bin>, bin: Bin): void {
    const key = this.key(bin);
    const existing = into.get(key);
    if (!existing) {
      into.set(key, bin);
      return;
    }
    existing.latSum += bin.latSum;
    existing.lonSum += bin.lonSum;
    existing.count += bin.count;
    existing.label = null;
    for (let layer = 0; layer < this.layerCount; layer++) existing.classes[layer] = Math.min(existing.classes[layer]!, bin.classes[layer]!);
  }

  private coarsen(): void {
    this.level++;
    const coarser = new Map<string, Bin>();
    for (const bin of this.bins.values()) this.merge(coarser, bin);
    this.bins = coarser;
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** "#12 Miami office (HQ)", cut to LIMITS.report.labelChars. */
export function pointLabel(index: string, location: string, tag: string): string {
  const text = `#${index}${location ? ` ${location}` : ''}${tag ? ` (${tag})` : ''}`;
  return text.length > LIMITS.report.labelChars ? `${text.slice(0, LIMITS.report.labelChars - 1)}…` : text;
}
