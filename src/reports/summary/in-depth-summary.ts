import { perilDef, type PerilName } from '../../engine/perils.js';
import { bandForReturnPeriod, bandRank } from '../../lite/bands.js';
import type { JobInfo } from '../job-info.js';
import { LIMITS } from '../../limits.js';
import { detach } from '../read/detach.js';
import { visitInDepthLines, type LocationFirst } from './in-depth-lines.js';
import { MapBins, NO_CLASS, pointLabel, type MapPoints } from './map-bins.js';
import { TopN } from './top-n.js';

/**
 * One streaming pass over an in-depth results CSV (one line per location ×
 * peril × threshold) → the in-depth report (docs/reports.md): per peril, the
 * distribution of probabilities at every threshold, the most exposed
 * locations at its key threshold, and map bins classed by the return period
 * at that threshold. Memory: O(perils × thresholds) counters, the capped
 * top lists and the capped map bins — never the CSV.
 */

/** Probability bin edges in percent: < 0.1, 0.1–1, 1–5, 5–10, 10–25, 25–50, ≥ 50. */
export const PROBABILITY_EDGES = [0.1, 1, 5, 10, 25, 50] as const;

export interface ExposedRow {
  index: string;
  location: string;
  tag: string;
  probability: number;
  returnPeriod: number;
}

export interface InDepthPerilSummary {
  peril: PerilName;
  unit: string;
  thresholds: string[];
  /** Index into thresholds: the peril's Lite threshold, else its middle threshold. */
  key: number;
  /** [threshold][bin] location counts (bins from PROBABILITY_EDGES). */
  histogram: number[][];
  /** Per threshold: mean and largest probability (%) over successful locations. */
  mean: number[];
  max: number[];
  successes: number;
  failed: number;
  /** Most exposed first, at the key threshold. */
  exposed: ExposedRow[];
}

export interface InDepthSummary {
  perils: InDepthPerilSummary[];
  /** Schedule size: input rows (or locations seen). */
  total: number;
  /** Layer p: band rank of peril p's return period at its key threshold. */
  map: MapPoints;
}

/** The threshold the in-depth report ranks and maps by (docs/reports.md). */
export function keyThreshold(peril: PerilName): number {
  const def = perilDef(peril);
  const lite = def.lite ? def.thresholds.indexOf(def.lite.threshold) : -1;
  return lite >= 0 ? lite : Math.floor(def.thresholds.length / 2);
}

export function probabilityBin(percent: number): number {
  let bin = 0;
  while (bin < PROBABILITY_EDGES.length && percent >= PROBABILITY_EDGES[bin]!) bin++;
  return bin;
}

const exposedOrder = (a: ExposedRow, b: ExposedRow): number =>
  b.probability - a.probability || a.returnPeriod - b.returnPeriod || Number(a.index) - Number(b.index);

const retainExposed = (row: ExposedRow): ExposedRow => ({ ...row, index: detach(row.index), location: detach(row.location), tag: detach(row.tag) });

export async function summariseInDepth(job: JobInfo, resultsFile: string): Promise<InDepthSummary> {
  const acc = job.perils.map((peril) => {
    const thresholds = perilDef(peril).thresholds.map(String);
    return {
      peril,
      unit: perilDef(peril).unit,
      thresholds,
      key: keyThreshold(peril),
      histogram: thresholds.map(() => Array<number>(PROBABILITY_EDGES.length + 1).fill(0)),
      sum: thresholds.map(() => 0),
      count: thresholds.map(() => 0),
      max: thresholds.map(() => 0),
      failed: 0,
      exposed: new TopN<ExposedRow>(LIMITS.report.exposedRowsPerPeril, exposedOrder, retainExposed),
    };
  });
  const map = new MapBins(job.perils.length, LIMITS.report.mapPoints);
  let locations = 0;
  const successes = acc.map(() => 0);

  // Per location: its first line, and per peril its band class and whether a threshold succeeded.
  let first: LocationFirst = { index: undefined, location: undefined, tag: undefined, latitude: null, longitude: null };
  let classes = new Uint8Array(job.perils.length);
  let succeeded = new Uint8Array(job.perils.length);
  await visitInDepthLines(resultsFile, acc.map((a) => ({ name: a.peril, thresholds: a.thresholds })), {
    location(line) {
      locations++;
      first = line;
      classes = new Uint8Array(job.perils.length).fill(NO_CLASS);
      succeeded = new Uint8Array(job.perils.length);
    },
    line(p, success, t, probability, returnPeriod) {
      if (p === -1) return;
      const a = acc[p]!;
      if (!success) {
        a.failed++;
        return;
      }
      if (t === -1 || probability === null || returnPeriod === null) return;
      succeeded[p] = 1;
      a.histogram[t]![probabilityBin(probability)]!++;
      a.sum[t]! += probability;
      a.count[t]!++;
      if (probability > a.max[t]!) a.max[t] = probability;
      if (t === a.key) {
        classes[p] = bandRank(bandForReturnPeriod(returnPeriod));
        a.exposed.add({ index: first.index!, location: first.location!, tag: first.tag!, probability, returnPeriod });
      }
    },
    end() {
      succeeded.forEach((ok, p) => (successes[p]! += ok));
      if (first.latitude !== null && first.longitude !== null && succeeded.includes(1)) {
        map.add(first.latitude, first.longitude, classes, pointLabel(first.index!, first.location!, first.tag!));
      }
    },
  });
  return {
    total: Math.max(job.totalRows ?? 0, locations),
    map: map.result(),
    perils: acc.map((a, p) => ({
      peril: a.peril,
      unit: a.unit,
      thresholds: a.thresholds,
      key: a.key,
      histogram: a.histogram,
      mean: a.sum.map((s, t) => (a.count[t]! > 0 ? s / a.count[t]! : 0)),
      max: a.max,
      successes: successes[p]!,
      failed: a.failed,
      exposed: a.exposed.result(),
    })),
  };
}
