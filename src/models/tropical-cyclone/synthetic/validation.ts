/**
 * The event set against the climate it was fitted on (checks.ts), as rows of
 * docs/validation.md: fitted on all seasons and compared with all ("fitted"),
 * and fitted on all but every SYNTHETIC.holdOutEvery-th season and compared
 * with the held-out seasons ("independent": whole storms, whole years).
 */
import type { ValidationRow } from '../../validation-types.js';
import type { LandMask } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS } from '../parameters.js';
import type { Storm } from '../track-types.js';
import { basinCheckRows, basinStatistics } from './checks.js';
import { fitGroupModels, fittedYears, syntheticYear } from './event-set.js';
import { fitTracks, type SeasonFilter } from './fit-data.js';

/** Synthetic years per group the checks generate: their Monte-Carlo error is small beside the record's Poisson interval. */
export const CHECK_YEARS = 1000;

/** Rows of one fit (on `fitOn` seasons) against the observed storms of `compareWith` seasons. */
export function eventSetRows(storms: readonly Storm[], land: LandMask, fitOn: SeasonFilter, compareWith: SeasonFilter, years = CHECK_YEARS): ValidationRow[] {
  const models = fitGroupModels(storms, land, fitOn);
  const observed = fitTracks(storms, land, compareWith);
  return models.flatMap((model) => {
    const period = CLIMATOLOGY_PERIODS[model.group]!;
    const synthetic = Array.from({ length: years }, (_, year) => syntheticYear(model, year, land)).flat();
    const mine = observed.filter((t) => t.group === model.group);
    const seasons = compareWith === 'held-out' ? 'held-out seasons' : 'all seasons';
    const source = `observed ${period.group} ${period.first}–${period.last} (${seasons}, ${mine.length} storms) vs ${years} synthetic years`;
    return basinCheckRows(model.group, basinStatistics(mine, fittedYears(period.first, period.last, compareWith)), basinStatistics(synthetic, years), source, fitOn === 'all' ? 'fitted' : 'independent');
  });
}

export function eventSetValidation(storms: readonly Storm[], land: LandMask): ValidationRow[] {
  return [...eventSetRows(storms, land, 'all', 'all'), ...eventSetRows(storms, land, 'fit', 'held-out')];
}
