/**
 * Synthetic storm intensity over sea, STORM's intensity model (Bloemendaal et
 * al. 2020) written in wind speed, with a storm's potential and age: per
 * 6-hour step, per rate group and 5° box (else latitude band, else pooled),
 *   ΔV' = c₀ + c₁·ΔV + c₂·(u·V_cap − V) + c₃·min(a, 12) + c₄·max(0, a − 12)
 *         + [a < 12]·(c₅·max(0, V − 64) + c₆·max(0, V − 96)) + ε,
 * fitted by least squares on observed steps over sea; a is the storm's age in
 * steps, u its potential (stormPotential), ε drawn from the fit's residuals,
 * ΔV' kept within the observed range and V at most V_cap.
 * V_cap plays the part of STORM's potential intensity (computed there from sea
 * temperatures, which our sources lack): the highest observed wind over sea
 * within ±1 box of capBoxDegrees and ±1 month, or the latitude band's highest
 * where fewer than minCapFixes fixes fall in that neighbourhood. Emanuel (2000,
 * Mon. Wea. Rev. 128:1139) finds lifetime maxima spread nearly uniformly up to
 * potential intensity; each storm heads for its own share u of it.
 * Over land the wind decays as Kaplan & DeMaria (1995), V_b + (V − V_b)·e^(−α·Δt),
 * with α fitted per group on the record (fitLandDecay).
 */
import { fitLinear, predictLinear } from '../../toolkit/least-squares.js';
import type { Random } from '../../toolkit/random.js';
import { SYNTHETIC, TRACK_STEPS } from '../parameters.js';
import type { FitTrack } from './fit-data.js';
import { bandOf } from './track-model.js';

interface IntensityFit {
  coefficients: number[];
  /** The fit's residuals, sorted: ε is drawn from them (their skew is rapid intensification's). */
  residuals: Float64Array;
}

export interface IntensityModel {
  /** Fits per capBoxDegrees box (key boxKey), then per latitude band, then pooled. */
  boxes: Map<number, IntensityFit>;
  bands: Map<number, IntensityFit>;
  pooled: IntensityFit;
  /** α of the decay over land (h⁻¹), fitted on the group's record (fitLandDecay). */
  landDecayPerHour: number;
  /** The observed range of one step's change over sea (kt). */
  minChange: number;
  maxChange: number;
  /** Highest observed wind over sea by month and box (key monthBoxKey), and by latitude band. */
  boxMax: Map<number, { kt: number; fixes: number }>;
  bandMax: Map<number, number>;
}

/**
 * The age term bends here (steps from genesis, 3 days): storms intensify while young and weaken
 * with age. Without it, storms 2–4 days old were too weak (a third of the observed share at CAT3
 * or more) and lived too long (median 22–30 steps against 16–20).
 */
const AGE_KNEE_STEPS = 12;

/**
 * A young storm's own wind bends its change here (kt: CAT1 and CAT3). Observed storms under 3
 * days old intensify faster through 64–96 kt than below (group means +3.8 to +6.7 kt a step at
 * 80–96 kt against +1.6 to +2.5 at 34–50) and slower above 96 (the hump of rapid
 * intensification); the change linear in V (through u·V_cap − V) made it flat, +2.0 to +3.6 kt at
 * every wind below 120 kt, so synthetic storms lingered at CAT1–2 and came ashore too weak. Old storms weaken
 * at about the same rate at any wind, in the record and the model, so the bend is for the young.
 */
const HURRICANE_KT = 64;
const MAJOR_KT = 96;

/** The regression's covariates of a step: ΔV, the room to the storm's target, the age line, and a young storm's wind above the bends. */
function covariates(change: number, room: number, age: number, vmaxKt: number): number[] {
  const young = age < AGE_KNEE_STEPS;
  return [
    change,
    room,
    Math.min(age, AGE_KNEE_STEPS),
    Math.max(0, age - AGE_KNEE_STEPS),
    young ? Math.max(0, vmaxKt - HURRICANE_KT) : 0,
    young ? Math.max(0, vmaxKt - MAJOR_KT) : 0,
  ];
}
const COVARIATES = covariates(0, 0, 0, 0).length;

const boxRow = (lat: number): number => Math.floor(lat / SYNTHETIC.capBoxDegrees);
const boxCol = (lon: number): number => Math.floor((lon + 180) / SYNTHETIC.capBoxDegrees);
const BOX_COLUMNS = 360 / SYNTHETIC.capBoxDegrees;
/** Box rows run from −90/size to 90/size − 1; the offset keeps row ± 1 positive and keys distinct (numbers, not strings: the cap is read 27 times a step). */
const BOX_ROW_OFFSET = 90 / SYNTHETIC.capBoxDegrees + 2;
const BOXES = (2 * BOX_ROW_OFFSET) * BOX_COLUMNS;
const boxKey = (row: number, col: number): number => (row + BOX_ROW_OFFSET) * BOX_COLUMNS + col;
const monthBoxKey = (month: number, row: number, col: number): number => month * BOXES + boxKey(row, col);

/**
 * V_cap at a place and month (kt): the highest observed wind over sea in the
 * place's row of capBoxDegrees boxes, ±1 box east and west, ±1 month (the
 * latitude band's highest where fewer than minCapFixes fixes fall there),
 * interpolated linearly in latitude between the centres of the two nearest
 * rows. Rows, not ±1 box north and south: a storm's own share of the cap
 * (stormPotential) follows it poleward, and a cap taken 5° further south held
 * typhoons off Japan at the strength of those off Okinawa.
 */
export function intensityCap(model: IntensityModel, lat: number, lon: number, month: number): number {
  const position = lat / SYNTHETIC.capBoxDegrees - 0.5;
  const row = Math.floor(position);
  const weight = position - row;
  const below = rowCap(model, row, lon, month);
  const above = rowCap(model, row + 1, lon, month);
  const cap = below === null ? (above ?? 0) : above === null ? below : below + weight * (above - below);
  return cap + SYNTHETIC.capMarginKt;
}

/** The cap of one row of boxes at a longitude and month, or null where neither the row nor its band has a fix. */
function rowCap(model: IntensityModel, row: number, lon: number, month: number): number | null {
  let kt = 0;
  let fixes = 0;
  const col = boxCol(lon);
  for (let dm = -1; dm <= 1; dm++) {
    for (let dj = -1; dj <= 1; dj++) {
      const box = model.boxMax.get(monthBoxKey((month + dm + 12) % 12, row, (col + dj + BOX_COLUMNS) % BOX_COLUMNS));
      if (!box) continue;
      kt = Math.max(kt, box.kt);
      fixes += box.fixes;
    }
  }
  if (fixes >= SYNTHETIC.minCapFixes) return kt;
  return model.bandMax.get(bandOf((row + 0.5) * SYNTHETIC.capBoxDegrees)) ?? (fixes > 0 ? kt : null);
}

/**
 * A storm's potential: the highest share of the local cap it reached over sea
 * (max V ÷ V_cap), in (0, 1]. Emanuel (2000) finds lifetime maxima spread
 * nearly uniformly up to potential intensity; a storm's own share sets where it
 * heads, so a strong storm stays strong and a weak one weak, as observed.
 */
export function stormPotential(model: IntensityModel, track: FitTrack): number {
  let share = 0;
  for (const s of track.steps) if (!s.land) share = Math.max(share, s.vmaxKt / intensityCap(model, s.lat, s.lon, s.month));
  return share > 0 ? Math.min(1, share) : 1;
}

export function fitIntensityModel(tracks: readonly FitTrack[]): IntensityModel {
  const boxMax = new Map<number, { kt: number; fixes: number }>();
  const bandMax = new Map<number, number>();
  for (const { steps } of tracks) {
    for (const s of steps) {
      if (s.land) continue;
      const key = monthBoxKey(s.month, boxRow(s.lat), boxCol(s.lon));
      const box = boxMax.get(key) ?? { kt: 0, fixes: 0 };
      boxMax.set(key, { kt: Math.max(box.kt, s.vmaxKt), fixes: box.fixes + 1 });
      bandMax.set(bandOf(s.lat), Math.max(bandMax.get(bandOf(s.lat)) ?? 0, s.vmaxKt));
    }
  }
  const model: IntensityModel = { boxes: new Map(), bands: new Map(), pooled: { coefficients: new Array<number>(COVARIATES + 1).fill(0), residuals: new Float64Array(1) }, landDecayPerHour: fitLandDecay(tracks), minChange: 0, maxChange: 0, boxMax, bandMax };
  /** The next change and the covariates, column by column. */
  type Rows = { next: number[]; columns: number[][] };
  const empty = (): Rows => ({ next: [], columns: Array.from({ length: COVARIATES }, () => []) });
  const rows = new Map<number, Rows>();
  const boxRows = new Map<number, Rows>();
  const all = empty();
  for (const track of tracks) {
    const { steps } = track;
    const potential = stormPotential(model, track);
    for (let i = 0; i + 2 < steps.length; i++) {
      const [a, b, c] = [steps[i]!, steps[i + 1]!, steps[i + 2]!];
      if (a.land || b.land || c.land) continue;
      const band = bandOf(b.lat);
      if (!rows.has(band)) rows.set(band, empty());
      const box = boxKey(boxRow(b.lat), boxCol(b.lon));
      if (!boxRows.has(box)) boxRows.set(box, empty());
      const room = potential * intensityCap(model, b.lat, b.lon, b.month) - b.vmaxKt;
      const x = covariates(b.vmaxKt - a.vmaxKt, room, i + 1, b.vmaxKt);
      for (const r of [rows.get(band)!, boxRows.get(box)!, all]) {
        r.next.push(c.vmaxKt - b.vmaxKt);
        x.forEach((v, k) => r.columns[k]!.push(v));
      }
    }
  }
  const fit = (r: Rows): IntensityFit => {
    // An age or wind term no step varies in (every storm of a small catalogue young, or none of a box's young storms above 96 kt, say) is left out: its coefficient is 0.
    const varies = (x: number[]): boolean => x.some((v) => v !== x[0]);
    const used = r.columns.map((x, k) => k < 2 || varies(x));
    const fitted = fitLinear(r.next, r.columns.filter((_, k) => used[k])).coefficients;
    let next = 1;
    const coefficients = [fitted[0]!, ...r.columns.map((_, k) => (used[k] ? fitted[next++]! : 0))];
    const residuals = Float64Array.from(r.next, (y, i) => y - predictLinear(coefficients, r.columns.map((x) => x[i]!)));
    return { coefficients, residuals: residuals.sort() };
  };
  model.pooled = fit(all);
  model.minChange = Math.min(...all.next);
  model.maxChange = Math.max(...all.next);
  for (const [band, r] of [...rows].sort((x, y) => x[0] - y[0])) if (r.next.length >= SYNTHETIC.minPairsPerBand) model.bands.set(band, fit(r));
  for (const [box, r] of [...boxRows].sort((x, y) => x[0] - y[0])) if (r.next.length >= SYNTHETIC.minPairsPerBand) model.boxes.set(box, fit(r));
  return model;
}

/** The next wind over sea (kt) given the current wind, last change, age (steps since genesis), place and month. */
export function intensifyOverSea(model: IntensityModel, vmaxKt: number, change: number, age: number, potential: number, lat: number, lon: number, month: number, random: Random): number {
  const fit = model.boxes.get(boxKey(boxRow(lat), boxCol(lon))) ?? model.bands.get(bandOf(lat)) ?? model.pooled;
  const cap = intensityCap(model, lat, lon, month);
  const residual = fit.residuals[Math.floor(random.uniform() * fit.residuals.length)]!;
  const next = predictLinear(fit.coefficients, covariates(change, potential * cap - vmaxKt, age, vmaxKt)) + residual;
  return Math.min(cap, vmaxKt + Math.min(model.maxChange, Math.max(model.minChange, next)));
}

/**
 * The wind after `hours` over land, KD95's V_b + (V − V_b)·e^(−α·t) with the
 * group's α (fitLandDecay). At a coast crossing `hours` is only the part of
 * the step after it (decaying the whole 6 hours made storms that had just
 * come ashore 2–3 times too rare at places just inland, New Orleans or
 * Manila). No drop at the coast (KD95's R = 0.9): the record shows none
 * (docs/models/tropical-cyclone.md §2.9).
 */
export function decayOverLand(vmaxKt: number, ratePerHour: number, hours: number = SYNTHETIC.stepHours): number {
  const background = TRACK_STEPS.decayBackgroundKt;
  if (vmaxKt <= background) return vmaxKt;
  return background + (vmaxKt - background) * Math.exp(-ratePerHour * hours);
}

/**
 * α of the decay over land, least squares through the origin of
 * ln((V − V_b)/(V₀ − V_b)) = −α·t on the record: V₀ the last wind over sea at
 * ≥ 64 kt, V the first three 6-hourly winds over land after it (t = 3, 9, 15
 * h: the crossing is taken mid-step), V_b = 26.7 kt (KD95). KD95's own α,
 * 0.095 h⁻¹, was fitted on US landfalls; the record gives it back in the
 * Atlantic and a slower decay in the West Pacific, North Indian and southern
 * groups. KD95's α where a group has fewer than minPairsPerBand such winds.
 */
export function fitLandDecay(tracks: readonly FitTrack[]): number {
  const background = TRACK_STEPS.decayBackgroundKt;
  let sumTy = 0;
  let sumTt = 0;
  let n = 0;
  for (const { steps } of tracks) {
    for (let i = 1; i < steps.length; i++) {
      const start = steps[i - 1]!;
      if (!steps[i]!.land || start.land || start.vmaxKt < 64) continue;
      for (let k = 0; k < 3 && steps[i + k]?.land && steps[i + k]!.vmaxKt > background + 1; k++) {
        const t = SYNTHETIC.stepHours / 2 + SYNTHETIC.stepHours * k;
        sumTy += t * Math.log((steps[i + k]!.vmaxKt - background) / (start.vmaxKt - background));
        sumTt += t * t;
        n++;
      }
    }
  }
  return n >= SYNTHETIC.minPairsPerBand ? -sumTy / sumTt : TRACK_STEPS.decayRatePerHour;
}
