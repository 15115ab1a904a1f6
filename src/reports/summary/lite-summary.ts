import { LITE_HEADER } from '../../batch/csv-output.js';
import type { PerilName } from '../../engine/perils.js';
import { BANDS } from '../../lite/bands.js';
import type { LiteMethod } from '../../lite/score.js';
import type { JobInfo } from '../job-info.js';
import { LIMITS } from '../../limits.js';
import { LITE, locationGroupBatches, numberOrNull } from '../read/results.js';
import { detach } from '../read/detach.js';
import { MapBins, NO_CLASS, pointLabel, type MapPoints } from './map-bins.js';
import { TopN } from './top-n.js';

/**
 * One streaming pass over a Lite results CSV → everything the Lite report
 * shows (spec "GET /v1/lite/batch/{job_id}" 1–6, docs/reports.md): each
 * location's riskiest successful band across returned perils, band counts
 * overall and by peril, map bins, and the triage ranking capped per peril.
 */
export interface TriageRow {
  index: string;
  location: string;
  tag: string;
  /** Position in `perils`. */
  peril: number;
  score: number;
  /** Band rank (0 = Extreme). */
  band: number;
}

export interface PerilBands {
  peril: PerilName;
  /** Successful results per band rank. */
  bandCounts: number[];
  failed: number;
  /** The riskiest score (lowest return period, or highest percentile); null without results. */
  riskiest: number | null;
}

export interface LiteSummary {
  method: LiteMethod;
  perils: PerilName[];
  /** Schedule size: input rows (or locations seen, for legacy uploads without a count). */
  total: number;
  /** Locations per riskiest band, by band rank. */
  bandCounts: number[];
  /** Locations without a usable successful band. */
  noResult: number;
  byPeril: PerilBands[];
  /** Layer 0: riskiest band over all perils; layer 1 + p: peril p's band. */
  map: MapPoints;
  /** Riskiest first, the first LIMITS.report.triageRowsPerPeril of each peril. */
  triage: TriageRow[];
  /** Successful location-peril results in the CSV. */
  results: number;
}

const BAND_RANK: ReadonlyMap<string, number> = new Map(BANDS.map((b, i) => [b.name, i]));

/** Riskiest first: a lower return period, or a higher percentile rank; then band, peril, index. */
export function triageOrder(method: LiteMethod): (a: TriageRow, b: TriageRow) => number {
  const sign = method === 'globally_relative' ? -1 : 1;
  return (a, b) => sign * (a.score - b.score) || a.band - b.band || a.peril - b.peril || Number(a.index) - Number(b.index);
}

export async function summariseLite(job: JobInfo, resultsFile: string): Promise<LiteSummary> {
  const method = job.method ?? 'return_period';
  const perils = job.perils;
  const perilAt = new Map(perils.map((p, i) => [p as string, i]));
  const byPeril: PerilBands[] = perils.map((peril) => ({ peril, bandCounts: BANDS.map(() => 0), failed: 0, riskiest: null }));
  const bandCounts = BANDS.map(() => 0);
  const map = new MapBins(1 + perils.length, LIMITS.report.mapPoints);
  const order = triageOrder(method);
  const retain = (row: TriageRow): TriageRow => ({ ...row, index: detach(row.index), location: detach(row.location), tag: detach(row.tag) });
  const triage = perils.map(() => new TopN<TriageRow>(LIMITS.report.triageRowsPerPeril, order, retain));
  const better = (a: number, b: number): boolean => (method === 'globally_relative' ? a > b : a < b);
  let locations = 0;

  for await (const groups of locationGroupBatches(resultsFile, LITE_HEADER)) {
    for (const records of groups) {
      locations++;
      const first = records[0]!;
      const classes = new Uint8Array(1 + perils.length).fill(NO_CLASS);
      for (const r of records) {
        const p = perilAt.get(r[LITE.peril]!);
        if (p === undefined) continue;
        const stats = byPeril[p]!;
        const band = BAND_RANK.get(r[LITE.band]!);
        const score = numberOrNull(r[LITE.score]);
        if (r[LITE.status] !== 'success' || band === undefined || score === null) {
          stats.failed++;
          continue;
        }
        stats.bandCounts[band]!++;
        if (stats.riskiest === null || better(score, stats.riskiest)) stats.riskiest = score;
        classes[1 + p] = band;
        classes[0] = Math.min(classes[0]!, band);
        triage[p]!.add({ index: first[LITE.index]!, location: first[LITE.location]!, tag: first[LITE.tag]!, peril: p, score, band });
      }
      if (classes[0] === NO_CLASS) continue;
      bandCounts[classes[0]!]!++;
      const lat = numberOrNull(first[LITE.latitude]);
      const lon = numberOrNull(first[LITE.longitude]);
      if (lat !== null && lon !== null) map.add(lat, lon, classes, pointLabel(first[LITE.index]!, first[LITE.location]!, first[LITE.tag]!));
    }
  }
  const total = Math.max(job.totalRows ?? 0, locations);
  const banded = bandCounts.reduce((a, b) => a + b, 0);
  return {
    method,
    perils,
    total,
    bandCounts,
    noResult: total - banded,
    byPeril,
    map: map.result(),
    triage: triage.flatMap((t) => t.result()).sort(order),
    results: triage.reduce((n, t) => n + t.total, 0),
  };
}
