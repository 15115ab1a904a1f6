import type { DailyTable } from '../../engine/table-spec.js';
import type { BuildContext } from '../types.js';
import { weatherBuilder } from '../weather/index.js';

/**
 * The Rain table the pluvial term reads: the one built earlier in this run
 * (the weather builder runs before this one in BUILDERS), else one built now by
 * the weather builder itself — the same code on the same catalogues, so the
 * FloodLivePlus table is the same whether or not Rain is in the run (only the
 * build takes longer).
 */
export async function rainTable(ctx: BuildContext): Promise<DailyTable> {
  const built = ctx.built.get('Rain');
  if (built?.type === 'daily') return built;
  ctx.log('flood: no Rain table in this run; building it with the weather builder for the pluvial term');
  const tables = await weatherBuilder.build({ ...ctx, built: new Map(), log: () => {}, progress: (f) => ctx.progress(0.5 * f, 'Rain table for the pluvial term') });
  const rain = tables.find((t) => t.peril === 'Rain');
  if (rain?.type !== 'daily') throw new Error('flood: the weather builder returned no Rain table');
  return rain;
}
