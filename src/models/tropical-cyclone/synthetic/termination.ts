/**
 * The chance that a storm's record ends in a 6-hour step while it is still
 * strong and over sea, per rate group and |latitude| band: extratropical
 * transition, absorption by another system, or the agency no longer
 * tracking it. The intensity model only weakens storms gradually, so without
 * it synthetic storms outlived observed ones poleward of 30° (twice the
 * observed steps at 30–40° in the southern hemisphere) and made too many
 * landfalls at 34 kt. STORM (Bloemendaal et al. 2020, Sci. Data 7:40) ends
 * its tracks with an empirical termination probability; here it is the
 * observed hazard per step,
 *   p_b = ends_b / steps_b
 * over the steps over sea at ≥ terminationKt in band b of terminationBandDegrees,
 * an end being a track's last step. Poleward bands hold few steps, and
 * ending grows with latitude, so each band is shrunk toward the band on its
 * equator side rather than toward the group's mean (which the tropics set):
 *   p_b = (ends_b + w·p_(b−1)) / (steps_b + w),   w = terminationPriorSteps,
 * the first band toward the group's pooled hazard. Equatorward of
 * terminationMinLatitude the chance is 0: there synthetic storms already end
 * strong about as often as observed ones (0.1–0.3 % a step at 10–20°), and
 * adding the observed chance there cut tropical storms before they peak (CAT3
 * storms fell 2–14 %, ≥ 96-kt landfalls 10–26 % on most coasts).
 */
import type { Random } from '../../toolkit/random.js';
import { SYNTHETIC } from '../parameters.js';
import type { FitStep, FitTrack } from './fit-data.js';

export interface TerminationModel {
  /** Per-step probability of ending by |latitude| band (index floor(|lat| / terminationBandDegrees)), beyond the last band the last band's; 0 equatorward of terminationMinLatitude. */
  byBand: number[];
  /** Per-step probability of ending over land below genesisKt (weakOverLand). */
  overLand: number;
}

const bandOf = (lat: number): number => Math.floor(Math.abs(lat) / SYNTHETIC.terminationBandDegrees);

/** Whether a step is one at which a storm can end strong: over sea at ≥ terminationKt. */
const atRisk = (step: FitStep): boolean => !step.land && step.vmaxKt >= SYNTHETIC.terminationKt;

/**
 * Whether a storm has weakened below genesis strength over land, where it dissipates with the record's chance.
 * The decay over land tends to KD95's 26.7 kt, above SYNTHETIC.dissipationKt, so without this chance a synthetic
 * storm that came ashore never ended over land: it crossed continents at 27 kt for weeks and came out into
 * other basins (an Atlantic storm re-intensifying to 157 kt in the West Pacific), came back to ≥ 34 kt 2–8
 * times as often as observed ones, and lived too long (90th percentile of life 1.3–1.4× the observed).
 */
const weakOverLand = (step: FitStep): boolean => step.land && step.vmaxKt < SYNTHETIC.genesisKt;

/** ends ÷ steps over land below genesisKt, over the whole records (their tails past the last fix at genesis strength included). */
function fitOverLand(tracks: readonly FitTrack[]): number {
  let steps = 0;
  let ends = 0;
  for (const track of tracks) {
    const record = [...track.steps, ...track.tail];
    record.forEach((step, i) => {
      if (!weakOverLand(step)) return;
      steps++;
      if (i === record.length - 1) ends++;
    });
  }
  return steps > 0 ? ends / steps : 0;
}

export function fitTermination(tracks: readonly FitTrack[]): TerminationModel {
  const steps: number[] = [];
  const ends: number[] = [];
  for (const track of tracks) {
    track.steps.forEach((step, i) => {
      if (!atRisk(step)) return;
      const band = bandOf(step.lat);
      while (steps.length <= band) {
        steps.push(0);
        ends.push(0);
      }
      steps[band]!++;
      if (i === track.steps.length - 1) ends[band]!++;
    });
  }
  const total = steps.reduce((a, b) => a + b, 0);
  let prior = total > 0 ? ends.reduce((a, b) => a + b, 0) / total : 0;
  const byBand = steps.map((n, band) => {
    prior = (ends[band]! + SYNTHETIC.terminationPriorSteps * prior) / (n + SYNTHETIC.terminationPriorSteps);
    return band * SYNTHETIC.terminationBandDegrees >= SYNTHETIC.terminationMinLatitude ? prior : 0;
  });
  return { byBand, overLand: fitOverLand(tracks) };
}

/** The chance of ending at this step: over land below genesisKt, or over sea at ≥ terminationKt (else 0). */
export function terminationProbability(model: TerminationModel, step: FitStep): number {
  if (weakOverLand(step)) return model.overLand;
  if (!atRisk(step) || model.byBand.length === 0) return 0;
  return model.byBand[Math.min(bandOf(step.lat), model.byBand.length - 1)]!;
}

/** Whether a synthetic storm ends at this step; draws from the storm's stream only where it can. */
export function endsHere(model: TerminationModel, step: FitStep, random: Random): boolean {
  const p = terminationProbability(model, step);
  return p > 0 && random.uniform() < p;
}
