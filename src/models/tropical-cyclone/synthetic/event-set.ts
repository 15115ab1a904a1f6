/**
 * The synthetic event set: for a rate group and a synthetic year, a Poisson
 * number of storms, each born by the genesis model and carried 6 hours at a
 * time by the track and intensity models until it dies (below dissipationKt,
 * beyond latitudeLimit, over the equator or after maxLifetimeHours) or ends
 * strong over sea as observed records do (termination.ts), then kept
 * to its last step at genesis strength, as observed tracks are. Every
 * (group, year) draws from its own named random stream, so a year's storms do
 * not depend on which thread or in which order years are generated.
 */
import { longitudeDelta, wrapLongitude } from '../../../geo/sphere.js';
import type { LandMask } from '../land-mask.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../parameters.js';
import { Random } from '../../toolkit/random.js';
import { fitTracks, isHeldOut, type FitStep, type FitTrack, type SeasonFilter } from './fit-data.js';
import { drawGenesis, fitGenesis, type GenesisModel } from './genesis.js';
import { decayOverLand, fitIntensityModel, intensifyOverSea, stormPotential, type IntensityModel } from './intensity.js';
import { endsHere, fitTermination, type TerminationModel } from './termination.js';
import { fitTrackModel, moveStorm, type TrackModel } from './track-model.js';
import type { Storm } from '../track-types.js';
import { MEAN_DAYS_PER_MONTH, MS_PER_DAY, MS_PER_HOUR } from '../../../units.js';

export interface GroupModel {
  group: number;
  genesis: GenesisModel;
  track: TrackModel;
  intensity: IntensityModel;
  termination: TerminationModel;
}

/** The fitted models of every rate group with at least SYNTHETIC.minFitStorms observed storms in the chosen seasons. */
export function fitGroupModels(storms: readonly Storm[], land: LandMask, seasons: SeasonFilter = 'all'): GroupModel[] {
  const tracks = fitTracks(storms, land, seasons);
  return CLIMATOLOGY_PERIODS.flatMap((period, group) => {
    const mine = tracks.filter((t) => t.group === group);
    if (mine.length < SYNTHETIC.minFitStorms) return [];
    const intensity = fitIntensityModel(mine);
    const genesis = fitGenesis(mine, fittedYears(period.first, period.last, seasons), (t) => stormPotential(intensity, t));
    return [{ group, genesis, track: fitTrackModel(mine), intensity, termination: fitTermination(mine) }];
  });
}

/** Seasons of a period that a fit on `seasons` saw. */
export function fittedYears(first: number, last: number, seasons: SeasonFilter): number {
  let n = 0;
  for (let y = first; y <= last; y++) {
    const held = isHeldOut(y);
    if (seasons === 'all' || (seasons === 'fit') !== held) n++;
  }
  return n;
}

const MAX_STEPS = SYNTHETIC.maxLifetimeHours / SYNTHETIC.stepHours;
const STEP_MONTHS = (SYNTHETIC.stepHours * MS_PER_HOUR) / MS_PER_DAY / MEAN_DAYS_PER_MONTH;

/**
 * The storms of one synthetic year of a group, as 6-hourly steps (the FitTrack shape; season = year).
 * Another seed gives another event set of the same climate (the Monte-Carlo spread, bench/tc-synthetic-sites.ts).
 */
export function syntheticYear(model: GroupModel, year: number, land: LandMask, seed: string = SYNTHETIC.seed): FitTrack[] {
  const random = new Random(`${seed}:${CLIMATOLOGY_PERIODS[model.group]!.group}:${year}`);
  const count = random.poisson(model.genesis.stormsPerYear);
  const storms: FitTrack[] = [];
  for (let n = 0; n < count; n++) storms.push(syntheticStorm(model, year, random, land));
  return storms;
}

const LANDFALL_SAMPLES = 12;

/** Hours of a sea-to-land step spent over land: from the first of LANDFALL_SAMPLES points along it that is land. */
function hoursAfterLandfall(from: FitStep, to: { lat: number; lon: number }, land: LandMask): number {
  const dLon = longitudeDelta(from.lon, to.lon);
  let i = 1;
  while (i < LANDFALL_SAMPLES && !land.isLand(from.lat + ((to.lat - from.lat) * i) / LANDFALL_SAMPLES, wrapLongitude(from.lon + (dLon * i) / LANDFALL_SAMPLES))) i++;
  return (SYNTHETIC.stepHours * (LANDFALL_SAMPLES - i)) / LANDFALL_SAMPLES;
}

/** The calendar year a synthetic year's dates fall in: a 4-year cycle, so 29 February comes once in four. */
const calendarYear = (year: number): number => 2001 + (year % 4);

function syntheticStorm(model: GroupModel, year: number, random: Random, land: LandMask): FitTrack {
  const birth = drawGenesis(model.genesis, random, land);
  const steps: FitStep[] = [{ lat: birth.lat, lon: birth.lon, vmaxKt: birth.vmaxKt, land: false, month: birth.month }];
  let motion = { lat: birth.lat, lon: birth.lon, dLat: birth.dLat, dLon: birth.dLon };
  let change = birth.dV;
  const dayOfMonth = random.uniform();
  const monthStart = Date.UTC(calendarYear(year), birth.month, 1);
  const start = monthStart + Math.floor(dayOfMonth * (Date.UTC(calendarYear(year), birth.month + 1, 1) - monthStart) / (SYNTHETIC.stepHours * MS_PER_HOUR)) * SYNTHETIC.stepHours * MS_PER_HOUR;
  let monthClock = birth.month + dayOfMonth;
  for (let i = 1; i < MAX_STEPS; i++) {
    const here = steps[i - 1]!;
    if (endsHere(model.termination, here, random)) break;
    motion = moveStorm(model.track, motion, here.month, random);
    if (Math.abs(motion.lat) > SYNTHETIC.latitudeLimit || Math.sign(motion.lat) !== Math.sign(birth.lat)) break;
    monthClock += STEP_MONTHS;
    const month = Math.floor(monthClock) % 12;
    const overLand = land.isLand(motion.lat, motion.lon);
    // The intensity regressions predict the next change from the current step's place and month.
    const vmaxKt = overLand
      ? decayOverLand(here.vmaxKt, model.intensity.landDecayPerHour, here.land ? SYNTHETIC.stepHours : hoursAfterLandfall(here, motion, land))
      : intensifyOverSea(model.intensity, here.vmaxKt, here.land ? 0 : change, i - 1, birth.potential, here.lat, here.lon, here.month, random);
    change = vmaxKt - here.vmaxKt;
    if (vmaxKt < SYNTHETIC.dissipationKt) break;
    steps.push({ lat: motion.lat, lon: motion.lon, vmaxKt, land: overLand, month });
  }
  // Like an observed track (fit-data.ts): genesis to the last step at genesis strength.
  let last = steps.length - 1;
  while (last > 0 && steps[last]!.vmaxKt < SYNTHETIC.genesisKt) last--;
  // Its radius of maximum wind about the WDR06 estimate, once for its life (SYNTHETIC.rmwLogSd).
  const rmwScale = Math.exp(SYNTHETIC.rmwLogSd * random.normal());
  return { group: model.group, season: year, start, outerScale: birth.outerScale, rmwScale, steps: steps.slice(0, last + 1), tail: [] };
}
