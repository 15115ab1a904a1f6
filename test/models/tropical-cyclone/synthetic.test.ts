/**
 * The synthetic event set's parts on fixture storms (no catalogues): the
 * 6-hourly resampling of a best track, the track regression recovering the
 * coefficients of tracks simulated with known ones, the Kaplan & DeMaria decay
 * in closed form, the intensity cap, the intensity regression's bends at 64
 * and 96 kt recovered from winds simulated with known ones, the termination
 * chance recovered from tracks ended with a known one, and the event set's
 * determinism and Poisson storm counts.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { Random } from '../../../src/models/toolkit/random.js';
import { landMaskOf, type LandMask } from '../../../src/models/tropical-cyclone/land-mask.js';
import { ETOPO_GRID } from '../../../src/catalogues/etopo.js';
import { fitTracks, type FitTrack } from '../../../src/models/tropical-cyclone/synthetic/fit-data.js';
import { fitGroupModels, syntheticYear } from '../../../src/models/tropical-cyclone/synthetic/event-set.js';
import { decayOverLand, fitIntensityModel, fitLandDecay, intensityCap, stormPotential } from '../../../src/models/tropical-cyclone/synthetic/intensity.js';
import { vortexAt } from '../../../src/models/tropical-cyclone/wind-field.js';
import { fitTrackModel } from '../../../src/models/tropical-cyclone/synthetic/track-model.js';
import { fitTermination, terminationProbability } from '../../../src/models/tropical-cyclone/synthetic/termination.js';
import { makeFix } from '../../../src/models/tropical-cyclone/fixes.js';
import type { Storm } from '../../../src/models/tropical-cyclone/track-types.js';
import { computeSyntheticHazard } from '../../../src/models/tropical-cyclone/synthetic/hazard.js';
import { basinCheckRows, basinStatistics } from '../../../src/models/tropical-cyclone/synthetic/checks.js';
import { FootprintScratch, stormFootprint } from '../../../src/models/tropical-cyclone/footprint.js';
import { trackSteps } from '../../../src/models/tropical-cyclone/track-steps.js';
import { SAFFIR_SIMPSON_KNOTS } from '../../../src/engine/perils.js';
import { SeasonAccumulator } from '../../../src/models/tropical-cyclone/seasonality.js';
import { CLIMATOLOGY_PERIODS, SYNTHETIC } from '../../../src/models/tropical-cyclone/parameters.js';

const HOUR = 3_600_000;
/** Land from 80°W to 60°W, as the 0.5° cells the synthetic build hands its threads. */
const LAND_80W_TO_60W = Uint8Array.from({ length: ETOPO_GRID.nlat * ETOPO_GRID.nlon }, (_, cell) => {
  const lon = -180 + ((cell % ETOPO_GRID.nlon) + 0.5) * ETOPO_GRID.dlon;
  return lon > -80 && lon < -60 ? 1 : 0;
});
const WEST_OF_80W_IS_SEA: LandMask = landMaskOf(LAND_80W_TO_60W);

/** An Atlantic storm every 6 hours: west-north-west with AR(1) wobbles, intensifying then weakening. */
function fixtureStorm(random: Random, season: number, n: number): Storm {
  const start = Date.UTC(season, 8, 1 + (n % 20));
  let [lat, lon, dLat, dLon] = [12 + 4 * random.uniform(), -40 - 10 * random.uniform(), 0.3, -1.2];
  const fixes = [];
  for (let i = 0; i < 40; i++) {
    const v = 30 + 80 * Math.sin((Math.PI * i) / 40) * (0.6 + 0.4 * random.uniform());
    fixes.push(makeFix(start + 6 * i * HOUR, lat, lon, v));
    dLat = 0.05 + 0.8 * dLat + 0.1 * random.normal();
    dLon = -0.3 + 0.6 * dLon + 0.15 * random.normal();
    lat += dLat;
    lon += dLon;
  }
  return { id: `AL${n}${season}`, name: null, basin: 'NA', season, source: 'hurdat2', fixes };
}

function fixtureStorms(): Storm[] {
  const random = new Random('fixture storms');
  const storms: Storm[] = [];
  for (let season = 1950; season <= 2009; season++) for (let n = 0; n < 8; n++) storms.push(fixtureStorm(random, season, n));
  return storms;
}

describe('synthetic event set', () => {
  it('resamples a best track every 6 hours from genesis to its last fix at 34 kt, and its tail to the record\'s end', () => {
    const t0 = Date.UTC(2000, 8, 1);
    const storm: Storm = {
      id: 'AL012000', name: null, basin: 'NA', season: 2000, source: 'hurdat2',
      fixes: [makeFix(t0, 10, -40, 25), makeFix(t0 + 6 * HOUR, 11, -41, 35), makeFix(t0 + 15 * HOUR, 20, -50, 53), makeFix(t0 + 21 * HOUR, 21, -51, 30)],
    };
    const [track] = fitTracks([storm], WEST_OF_80W_IS_SEA);
    assert.deepEqual(track!.steps.map((s) => [s.lat, s.lon, s.vmaxKt, s.month]), [[11, -41, 35, 8], [17, -47, 47, 8]]);
    // The record after its last fix at 34 kt (15 h) goes on to its end (21 h): one step, at 18 h.
    assert.deepEqual(track!.tail.map((s) => [s.lat, s.lon, s.vmaxKt, s.month]), [[20.5, -50.5, 41.5, 8]]);
  });

  it('fits the track regression: tracks simulated with b₁ = 0.8 and a₁ = 0.6 give them back', () => {
    const model = fitTrackModel(fitTracks(fixtureStorms(), WEST_OF_80W_IS_SEA));
    assert.ok(Math.abs(model.pooled.lat[1]! - 0.8) < 0.03, `b₁ ${model.pooled.lat[1]}`);
    assert.ok(Math.abs(model.pooled.lon[1]! - 0.6) < 0.03, `a₁ ${model.pooled.lon[1]}`);
    assert.ok(Math.abs(model.pooled.lon[0]! + 0.3) < 0.03, `a₀ ${model.pooled.lon[0]}`);
    assert.ok(Math.abs(model.pooled.latSd - 0.1) < 0.01 && Math.abs(model.pooled.lonSd - 0.15) < 0.01, `σ ${model.pooled.latSd}, ${model.pooled.lonSd}`);
  });

  it('decays over land as Kaplan & DeMaria (1995) toward 26.7 kt, with α fitted on the record\'s winds over land', () => {
    assert.ok(Math.abs(decayOverLand(100, 0.08, 3) - (26.7 + (100 - 26.7) * Math.exp(-0.08 * 3))) < 1e-12);
    assert.ok(Math.abs(decayOverLand(decayOverLand(100, 0.08, 3), 0.08) - (26.7 + (100 - 26.7) * Math.exp(-0.08 * 9))) < 1e-12);
    assert.equal(decayOverLand(20, 0.08), 20);
    // Storms that come ashore at 60–120 kt and decay with α = 0.07 h⁻¹ (their first three land steps 3, 9, 15 h after the crossing) give α back.
    const ashore = (v0: number): FitTrack => ({
      group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1,
      steps: [{ lat: 20, lon: -81, vmaxKt: v0, land: false, month: 8 }, ...[3, 9, 15].map((t) => ({ lat: 20, lon: -79, vmaxKt: 26.7 + (v0 - 26.7) * Math.exp(-0.07 * t), land: true, month: 8 }))], tail: [],
    });
    const tracks = Array.from({ length: 100 }, (_, i) => ashore(64 + (i % 57)));
    assert.ok(Math.abs(fitLandDecay(tracks) - 0.07) < 1e-9, `α ${fitLandDecay(tracks)}`);
    // Too few winds over land: KD95's α.
    assert.equal(fitLandDecay(tracks.slice(0, 10)), 0.095);
  });

  it('repeats a year exactly, draws Poisson counts with the observed mean and keeps winds at or below the cap', () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    assert.deepEqual(syntheticYear(model!, 7, WEST_OF_80W_IS_SEA), syntheticYear(model!, 7, WEST_OF_80W_IS_SEA));
    assert.notDeepEqual(syntheticYear(model!, 7, WEST_OF_80W_IS_SEA), syntheticYear(model!, 8, WEST_OF_80W_IS_SEA));
    const years = 400;
    const storms: FitTrack[] = [];
    for (let y = 0; y < years; y++) storms.push(...syntheticYear(model!, y, WEST_OF_80W_IS_SEA));
    const mean = model!.genesis.stormsPerYear;
    assert.ok(Math.abs(storms.length / years - mean) < 5 * Math.sqrt(mean / years), `${storms.length / years} storms a year, observed ${mean}`);
    for (const { steps } of storms) {
      for (let i = 1; i < steps.length; i++) {
        const [a, b] = [steps[i - 1]!, steps[i]!];
        if (!b.land) assert.ok(b.vmaxKt <= intensityCap(model!.intensity, a.lat, a.lon, a.month) + 1e-9, `${b.vmaxKt} kt above the cap`);
      }
      assert.ok(steps.at(-1)!.vmaxKt >= 34, 'a synthetic track ends at its last step at genesis strength');
    }
  });
});

describe('synthetic storm termination', () => {
  /** A storm moving 1° north a step at 60 kt from 10°N, ended at each step from 30°N on with chance `p`, else at 45°N by weakening to 30 kt. */
  function poleward(random: Random, p: number): FitTrack {
    const steps: FitTrack['steps'] = [];
    for (let lat = 10; lat <= 45; lat++) {
      steps.push({ lat, lon: -60, vmaxKt: 60, land: false, month: 8 });
      if (lat >= 30 && random.uniform() < p) break;
    }
    if (steps.at(-1)!.lat === 45) steps.push({ lat: 46, lon: -60, vmaxKt: 30, land: false, month: 8 });
    return { group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps, tail: [] };
  }

  it('recovers the per-step chance of tracks ended with a known one, and none equatorward of terminationMinLatitude', () => {
    const random = new Random('termination');
    const model = fitTermination(Array.from({ length: 4000 }, () => poleward(random, 0.1)));
    const at = (lat: number, vmaxKt = 60, land = false) => terminationProbability(model, { lat, lon: -60, vmaxKt, land, month: 8 });
    // Bands 30–35° and 35–40° hold about 16,000 and 10,000 steps: 0.1 within 4 standard errors of 8,000.
    for (const lat of [32, 37]) assert.ok(Math.abs(at(lat) - 0.1) < 4 * Math.sqrt(0.09 / 8000), `${at(lat)} at ${lat}°`);
    assert.equal(at(24), 0, 'no ending equatorward of terminationMinLatitude');
    assert.equal(at(12), 0);
    // Only over sea at ≥ terminationKt; the southern hemisphere reads the same |latitude| band.
    assert.equal(at(32, 40), 0);
    assert.equal(at(32, 60, true), 0);
    assert.equal(at(-32), at(32));
  });

  it('shrinks a sparse band toward its equatorward neighbour, and reads the last band beyond it', () => {
    const random = new Random('termination');
    const tracks = Array.from({ length: 4000 }, () => poleward(random, 0.1));
    // Nothing reaches 50–55°; one storm ends at its one step at 57°: alone its band's chance would be 1.
    tracks.push({ group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps: [{ lat: 57, lon: -30, vmaxKt: 60, land: false, month: 9 }], tail: [] });
    const model = fitTermination(tracks);
    const below = model.byBand[9]!;
    const w = SYNTHETIC.terminationPriorSteps;
    assert.ok(Math.abs(model.byBand[10]! - below) < 1e-15, 'an empty band takes its neighbour\'s chance');
    assert.ok(Math.abs(model.byBand[11]! - (1 + w * below) / (1 + w)) < 1e-15, `${model.byBand[11]}`);
    assert.equal(terminationProbability(model, { lat: 70, lon: 0, vmaxKt: 60, land: false, month: 8 }), model.byBand[11]);
  });

  it('fits the chance of dissipating over land below genesis strength on whole records, their tails included', () => {
    const step = (land: boolean, vmaxKt: number) => ({ lat: 20, lon: -85, vmaxKt, land, month: 8 });
    const track = (steps: FitTrack['steps'], tail: FitTrack['steps']): FitTrack => ({ group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps, tail });
    // Ten records end after three weak steps over land (10 ends in 30 steps); one crosses land weak and comes back at sea (1 step, no end).
    const tracks = Array.from({ length: 10 }, () => track([step(false, 50), step(true, 40)], [step(true, 30), step(true, 28), step(true, 27)]));
    tracks.push(track([step(false, 50), step(true, 30), step(false, 40)], []));
    const model = fitTermination(tracks);
    assert.equal(model.overLand, 10 / 31);
    assert.equal(terminationProbability(model, step(true, 33)), 10 / 31);
    assert.equal(terminationProbability(model, step(true, 34)), 0, 'at genesis strength over land: not this chance');
  });

  it('a synthetic storm over land below genesis strength ends with the model\'s chance: at chance 1 none comes back from a weak crossing', () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    // A strip of land the westward storms cross in a day or two, with sea beyond it.
    const strip: LandMask = { isLand: (_lat, lon) => lon > -64 && lon < -60 };
    const weakOverLand = (m: typeof model) => Array.from({ length: 200 }, (_, y) => syntheticYear(m!, y, strip)).flat()
      .flatMap((t) => t.steps).filter((s) => s.land && s.vmaxKt < SYNTHETIC.genesisKt).length;
    assert.ok(weakOverLand({ ...model!, termination: { ...model!.termination, overLand: 0 } }) > 0, 'without it weak storms cross land and come back');
    assert.equal(weakOverLand({ ...model!, termination: { ...model!.termination, overLand: 1 } }), 0);
  });

  it('ends a synthetic storm over sea at ≥ terminationKt with the model\'s chance', () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const strongAtSea = (m: typeof model) => Array.from({ length: 50 }, (_, y) => syntheticYear(m!, y, WEST_OF_80W_IS_SEA)).flat()
      .flatMap((t) => t.steps.slice(0, -1)).filter((s) => !s.land && s.vmaxKt >= SYNTHETIC.terminationKt).length;
    assert.ok(strongAtSea({ ...model!, termination: { byBand: [], overLand: 0 } }) > 1000, 'without termination storms stay strong at sea');
    // Chance 1 everywhere: a storm ends at its first step over sea at ≥ terminationKt.
    assert.equal(strongAtSea({ ...model!, termination: { byBand: [1], overLand: 0 } }), 0);
  });
});

describe('synthetic storm intensity and size', () => {
  it('a storm\'s potential is its highest share of the local cap over sea, and synthetic storms take their parent\'s', () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const intensity = model!.intensity;
    const cap = intensityCap(intensity, 20, -50, 8);
    const sea = (vmaxKt: number, land = false) => ({ lat: 20, lon: -50, vmaxKt, land, month: 8 });
    const track = (steps: FitTrack['steps']): FitTrack => ({ group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps, tail: [] });
    assert.equal(stormPotential(intensity, track([sea(40), sea(0.5 * cap), sea(45)])), 0.5);
    // A step over land does not count, however strong.
    assert.equal(stormPotential(intensity, track([sea(0.25 * cap), sea(2 * cap, true)])), 0.25);
    const tracks = fitTracks(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const observed = tracks.map((t) => stormPotential(intensity, t)).sort((a, b) => a - b);
    const parents = model!.genesis.byMonth.flat().map((g) => g.potential).sort((a, b) => a - b);
    assert.deepEqual(parents, observed);
    assert.ok(observed.every((u) => u > 0 && u <= 1) && observed.at(-1)! > observed[0]!);
  });

  it('fits a young storm\'s change bending at 64 and 96 kt: winds simulated with known bends give them back', () => {
    // ΔV′ = 1 + 0.5·ΔV + 0.3·min(a, 12) − 0.4·max(0, a − 12) + [a < 12]·(0.15·max(0, V − 64) − 0.5·max(0, V − 96)) + N(0, 2²):
    // young storms speed up through the hurricane range and slow above 96 kt, old ones weaken at any wind.
    const random = new Random('intensity bends');
    const tracks: FitTrack[] = Array.from({ length: 600 }, (_, n) => {
      let [v, dv] = [35 + 20 * random.uniform(), 2 * random.normal()];
      const steps: FitTrack['steps'] = [];
      for (let age = 0; age < 24 && v >= 20; age++) {
        steps.push({ lat: 10 + 10 * (n % 3), lon: -40 - 10 * (n % 4), vmaxKt: v, land: false, month: 8 });
        const young = age < 12;
        dv = 1 + 0.5 * dv + 0.3 * Math.min(age, 12) - 0.4 * Math.max(0, age - 12) + (young ? 0.15 * Math.max(0, v - 64) - 0.5 * Math.max(0, v - 96) : 0) + 2 * random.normal();
        v += dv;
      }
      // Every storm ends ashore and then at sea at 250 kt in a far box: its potential is 1, so u·V_cap − V is the local
      // cap (the highest wind of all the storms there) less its wind, not its own lifetime maximum less its wind, which
      // its shocks would make correlate with them.
      steps.push({ lat: 45, lon: -70, vmaxKt: 100, land: true, month: 8 }, { lat: 45, lon: -50, vmaxKt: 250, land: false, month: 8 });
      return { group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps, tail: [] };
    });
    const [c0, c1, c2, c3, c4, c5, c6] = fitIntensityModel(tracks).pooled.coefficients as number[];
    assert.ok(tracks.flatMap((t) => t.steps).filter((s) => s.vmaxKt > 96).length > 1000, 'the fixture reaches major strength');
    // Thousands of pairs with shocks of 2 kt: slopes within 0.02, the intercept within 0.2.
    for (const [got, want, name] of [[c1, 0.5, 'c₁'], [c2, 0, 'c₂'], [c3, 0.3, 'c₃'], [c4, -0.4, 'c₄'], [c5, 0.15, 'c₅'], [c6, -0.5, 'c₆']] as const) {
      assert.ok(Math.abs(got! - want) < 0.02, `${name} ${got} (simulated with ${want})`);
    }
    assert.ok(Math.abs(c0! - 1) < 0.2, `c₀ ${c0}`);
  });

  it('draws each synthetic storm\'s Rmax about the WDR06 estimate with the recorded spread, kept for its life', () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const logs: number[] = [];
    for (let y = 0; y < 300; y++) for (const t of syntheticYear(model!, y, WEST_OF_80W_IS_SEA)) logs.push(Math.log(t.rmwScale));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
    assert.ok(Math.abs(mean) < 4 * SYNTHETIC.rmwLogSd / Math.sqrt(logs.length), `mean ln ${mean} of ${logs.length}`);
    assert.ok(Math.abs(sd / SYNTHETIC.rmwLogSd - 1) < 0.1, `sd ln ${sd}`);
    const position = { latitude: 20, vmaxKt: 100, rmwKm: null, motionEastKt: 0, motionNorthKt: 0 };
    assert.ok(Math.abs(vortexAt({ ...position, rmwScale: 1.5 }).rmax / vortexAt(position).rmax - 1.5) < 1e-12);
    // A recorded radius is used as it is.
    assert.equal(vortexAt({ ...position, rmwKm: 30, rmwScale: 1.5 }).rmax, 30);
  });
});

describe('synthetic event set checks', () => {
  const step = (lat: number, lon: number, vmaxKt: number, land: boolean) => ({ lat, lon, vmaxKt, land, month: 8 });
  const track = (steps: FitTrack['steps']): FitTrack => ({ group: 0, season: 2000, start: 0, outerScale: 1, rmwScale: 1, steps, tail: [] });

  it('counts a landfall on a coast segment once per storm, from the sea step at ≥ 64 kt', () => {
    const tracks = [
      // Over Miami at 100 kt, back to sea in the Gulf, ashore again in the Florida box: one Florida landfall, one storm.
      track([step(25.5, -79, 100, false), step(25.7, -80.5, 95, true), step(25.9, -82, 80, false), step(26.5, -81.9, 78, true)]),
      // Ashore in the Florida box at 50 kt: a landfall at ≥ 34 kt, none at ≥ 64 kt.
      track([step(27, -79, 50, false), step(27, -80.5, 45, true)]),
      // Ashore in Louisiana at 120 kt: the Gulf coast.
      track([step(28.5, -90, 120, false), step(29.8, -90.5, 100, true)]),
      // Never over land.
      track([step(20, -60, 70, false), step(21, -61, 70, false)]),
    ];
    const stats = basinStatistics(tracks, 2);
    assert.equal(stats.landfallsPerYear, 3 / 2);
    assert.equal(stats.segmentLandfallsPerYear.get(64)!.get('Florida peninsula'), 1 / 2);
    assert.equal(stats.segmentLandfallsPerYear.get(64)!.get('US Gulf coast'), 1 / 2);
    assert.equal(stats.segmentLandfallsPerYear.get(64)!.get('US East coast'), 0);
    // At ≥ 96 kt: Miami (100 kt at sea) and Louisiana (120 kt); the second Florida crossing at 80 kt does not count again.
    assert.equal(stats.segmentLandfallsPerYear.get(96)!.get('Florida peninsula'), 1 / 2);
    assert.equal(stats.segmentLandfallsPerYear.get(96)!.get('US Gulf coast'), 1 / 2);
    // Lives of 3, 1, 1 and 1 steps of 6 hours: median 6 h; 90th percentile 0.7 of the way from 6 to 18 h.
    assert.equal(stats.lifeHours.p50, 6);
    assert.ok(Math.abs(stats.lifeHours.p90 - (6 + 0.7 * 12)) < 1e-12, `${stats.lifeHours.p90}`);
    const rows = basinCheckRows(0, stats, basinStatistics(tracks.slice(0, 1), 2), 'fixture', 'fitted');
    const florida = rows.find((r) => r.quantity === 'storms per year making landfall at ≥ 64 kt: Florida peninsula')!;
    assert.deepEqual([florida.reference, florida.ours, florida.ratio], [0.5, 0.5, 1]);
    assert.ok(!rows.some((r) => r.quantity.endsWith(': Philippines')), 'only the group\'s own segments');
    assert.ok(rows.some((r) => r.quantity === 'storms per year making landfall at ≥ 96 kt: US Gulf coast'));
  });
});

describe('synthetic hazard', () => {
  const grid = { lat0: 0, lon0: -100, dlat: 0.25, dlon: 0.25, nlat: 200, nlon: 280 };
  const tiers = { years34: 3, years64: 8, years96: 20 };
  const noObservedStorms = () => ({ covered: new Uint8Array(grid.nlat * grid.nlon), seasons: new SeasonAccumulator(grid, CLIMATOLOGY_PERIODS.length) });

  it('tiers of years give the counts of evaluating every year from 34 kt', async () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const field = await computeSyntheticHazard([model!], noObservedStorms(), LAND_80W_TO_60W, grid, tiers, { threads: 0 });
    // Independently: every year's storms, whole tracks, footprints from 34 kt.
    const k = SAFFIR_SIMPSON_KNOTS.length;
    const counts = new Float64Array(grid.nlat * grid.nlon * k);
    const scratch = new FootprintScratch(grid);
    const yearsOf = (kt: number): number => (kt < 64 ? tiers.years34 : kt < 96 ? tiers.years64 : tiers.years96);
    for (let year = 0; year < tiers.years96; year++) {
      for (const track of syntheticYear(model!, year, WEST_OF_80W_IS_SEA)) {
        const fixes = track.steps.map((s, i) => makeFix(track.start + i * 6 * HOUR, s.lat, s.lon, s.vmaxKt, { stage: 'tropical' }));
        const steps = trackSteps({ id: 'x', name: null, basin: 'NA', season: year, source: 'synthetic', fixes }, WEST_OF_80W_IS_SEA)
          .map((s) => ({ ...s, outerScale: track.outerScale, rmwScale: track.rmwScale }));
        const footprint = stormFootprint(steps, 34, scratch, 0.9 * 34);
        footprint.cells.forEach((cell, c) => SAFFIR_SIMPSON_KNOTS.forEach((kt, j) => {
          if (footprint.maxKt[c]! >= kt && year < yearsOf(kt)) counts[cell * k + j]! += 1 / yearsOf(kt);
        }));
      }
    }
    let reached = 0;
    for (let cell = 0; cell < grid.nlat * grid.nlon; cell++) {
      for (let j = 0; j < k; j++) {
        const expected = j === 0 ? counts[cell * k] : Math.min(counts[cell * k + j]!, field.rawRates[cell * k + j - 1]!);
        assert.ok(Math.abs(field.rawRates[cell * k + j]! - expected!) < 1e-12, `cell ${cell}, threshold ${j}: ${field.rawRates[cell * k + j]} vs ${expected}`);
        if (j === 3 && expected! > 0) reached++;
      }
    }
    assert.ok(reached > 100, `${reached} cells reach CAT3 in ${tiers.years96} years`);
  });

  it('is the same field counted on two worker threads as on the calling thread', async () => {
    const [model] = fitGroupModels(fixtureStorms(), WEST_OF_80W_IS_SEA);
    const bigger = { years34: 12, years64: 60, years96: 300 };
    const [inline, threaded] = [
      await computeSyntheticHazard([model!], noObservedStorms(), LAND_80W_TO_60W, grid, bigger, { threads: 0 }),
      await computeSyntheticHazard([model!], noObservedStorms(), LAND_80W_TO_60W, grid, bigger, { threads: 2 }),
    ];
    assert.ok(inline.rawRates.some((r) => r > 0));
    assert.deepEqual(threaded.rawRates, inline.rawRates);
    assert.deepEqual(threaded.rates, inline.rates);
    assert.deepEqual(threaded.stormsUsed, inline.stormsUsed);
  });
});
