import { curveRequest, curveYears, type CurveRequest } from '../engine/curve-window.js';
import type { Engine } from '../engine/engine.js';
import { integerReturnPeriod, returnPeriodYears, toPercent } from '../engine/formulas.js';
import { perilDef, type PerilName } from '../engine/perils.js';
import { bandColour, NO_RESULT_COLOUR } from '../lite/bands.js';
import { scoreLocations, type LiteMethod } from '../lite/score.js';
import { cell, decimalCell } from './csv-output.js';
import type { RowContext } from './row-context.js';

/**
 * A slice of a chunk's rows → results CSV lines and failure records (docs/batch.md).
 * In-depth: a line per row × peril × threshold; a failed row × peril is one
 * line with empty threshold, probability and return_period. Lite: a line per
 * row × returned peril; a row that cannot be located is one failed line per peril.
 */
export interface FailureRecord {
  index: number;
  row: number;
  location: string | null;
  peril: PerilName | null;
  stage: 'geocoding' | 'model_execution';
  error: string;
}

/** One slice of a chunk's rows computed: its CSV lines and failure records. */
export interface SliceOutput {
  csv: string;
  failures: FailureRecord[];
}

const failure = (ctx: RowContext, peril: PerilName | null, stage: FailureRecord['stage'], error: string): FailureRecord => ({
  index: ctx.index,
  row: ctx.row.row,
  location: ctx.row.location,
  peril,
  stage,
  error,
});

export async function computeInDepth(engine: Engine, rows: readonly RowContext[], perils: readonly PerilName[]): Promise<SliceOutput> {
  const requests: CurveRequest[] = [];
  for (const ctx of rows) {
    if (ctx.failure) continue;
    for (const peril of perils) {
      requests.push(curveRequest(peril, { latitude: ctx.latitude!, longitude: ctx.longitude! }, ctx));
    }
  }
  const curves = await engine.evaluate(requests);
  const lines: string[] = [];
  const failures: FailureRecord[] = [];
  let next = 0;
  for (const ctx of rows) {
    for (const peril of perils) {
      const def = perilDef(peril);
      const prefix = `${ctx.leading}${cell(peril)},${cell(def.unit)},`;
      if (ctx.failure) {
        lines.push(`${prefix},,,failed\r\n`);
        failures.push(failure(ctx, peril, ctx.failure.stage, ctx.failure.error));
        continue;
      }
      const curve = curves[next++]!;
      if (!curve.ok) {
        lines.push(`${prefix},,,failed\r\n`);
        failures.push(failure(ctx, peril, 'model_execution', `${peril}: ${curve.reason}`));
        continue;
      }
      const years = curveYears(peril, ctx.endDay - ctx.startDay + 1, ctx);
      def.thresholds.forEach((threshold, j) => {
        const p = curve.values[j]!;
        lines.push(`${prefix}${cell(threshold)},${decimalCell(toPercent(p))},${integerReturnPeriod(returnPeriodYears(p, years))},success\r\n`);
      });
    }
  }
  return { csv: lines.join(''), failures };
}

export async function computeLite(
  engine: Engine,
  rows: readonly RowContext[],
  perils: readonly PerilName[],
  method: LiteMethod,
  window: { startDay: number; endDay: number },
): Promise<SliceOutput> {
  const located = rows.filter((r) => !r.failure);
  const outcomes = await scoreLocations(engine, located.map((r) => ({ latitude: r.latitude!, longitude: r.longitude!, country: r.country })), perils, method, window);
  const byRow = new Map(located.map((r, i) => [r, outcomes[i]!]));
  const lines: string[] = [];
  const failures: FailureRecord[] = [];
  for (const ctx of rows) {
    const outcome = byRow.get(ctx);
    if (!outcome) {
      // Not located: one failed line per peril of the job (a US-only peril included, since the country is unknown).
      for (const peril of perils) {
        lines.push(`${ctx.leading}${peril},,,${NO_RESULT_COLOUR},failed\r\n`);
        failures.push(failure(ctx, peril, ctx.failure!.stage, ctx.failure!.error));
      }
      continue;
    }
    for (const peril of perils) {
      const score = outcome.scores[peril];
      const unavailable = outcome.unavailable[peril];
      if (score) lines.push(`${ctx.leading}${peril},${score.score},${score.band},${bandColour(score.band)},success\r\n`);
      else if (unavailable && (!perilDef(peril).lite!.usOnly || ctx.country === 'US')) {
        // A US-only peril outside the US is not applicable, so it is not a returned peril.
        lines.push(`${ctx.leading}${peril},,,${NO_RESULT_COLOUR},failed\r\n`);
        failures.push(failure(ctx, peril, 'model_execution', `${peril}: ${unavailable.reason}`));
      }
    }
  }
  return { csv: lines.join(''), failures };
}
