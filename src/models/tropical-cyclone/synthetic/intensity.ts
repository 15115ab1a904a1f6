/**
 * Synthetic storm intensity over sea, STORM's intensity model (Bloemendaal et
 * al. 2020) written in wind speed: per 6-hour step, per rate group and
 * latitude band,
 *   ΔV' = c₀ + c₁·ΔV + c₂·(V_cap − V) + ε,
 * fitted by least squares on observed steps over sea, ε normal with the
 * residual spread, ΔV' kept within the observed range and V at most V_cap.
 * V_cap plays the part of STORM's potential intensity (computed there from sea
 * temperatures, which our sources lack): the highest observed wind over sea
 * within ±1 box of capBoxDegrees and ±1 month, or the latitude band's highest
 * where fewer than minCapFixes fixes fall in that neighbourhood. Emanuel (2000,
 * Mon. Wea. Rev. 128:1139) finds lifetime maxima scale with potential
 * intensity, which an envelope of observed maxima stands in for.
 * Over land the wind decays as Kaplan & DeMaria (1995): V → R·V at the coast,
 * then V_b + (V − V_b)·e^(−α·Δt).
 */
import { fitLinear } from '../../toolkit/least-squares.js';
import type { Random } from '../../toolkit/random.js';
import { SYNTHETIC, TRACK_STEPS } from '../parameters.js';
import type { FitTrack } from './fit-data.js';
import { bandOf } from './track-model.js';

interface IntensityFit {
  coefficients: number[];
  sd: number;
}

export interface IntensityModel {
  /** Fits per capBoxDegrees box (key boxKey), then per latitude band, then pooled. */
  boxes: Map<number, IntensityFit>;
  bands: Map<number, IntensityFit>;
  pooled: IntensityFit;
  /** The observed range of one step's change over sea (kt). */
  minChange: number;
  maxChange: number;
  /** Highest observed wind over sea by month and box (key monthBoxKey), and by latitude band. */
  boxMax: Map<number, { kt: number; fixes: number }>;
  bandMax: Map<number, number>;
}

const boxRow = (lat: number): number => Math.floor(lat / SYNTHETIC.capBoxDegrees);
const boxCol = (lon: number): number => Math.floor((lon + 180) / SYNTHETIC.capBoxDegrees);
const BOX_COLUMNS = 360 / SYNTHETIC.capBoxDegrees;
/** Box rows run from −90/size to 90/size − 1; the offset keeps row ± 1 positive and keys distinct (numbers, not strings: the cap is read 27 times a step). */
const BOX_ROW_OFFSET = 90 / SYNTHETIC.capBoxDegrees + 2;
const BOXES = (2 * BOX_ROW_OFFSET) * BOX_COLUMNS;
const boxKey = (row: number, col: number): number => (row + BOX_ROW_OFFSET) * BOX_COLUMNS + col;
const monthBoxKey = (month: number, row: number, col: number): number => month * BOXES + boxKey(row, col);

/** V_cap at a place and month (kt). */
export function intensityCap(model: IntensityModel, lat: number, lon: number, month: number): number {
  let kt = 0;
  let fixes = 0;
  const row = boxRow(lat);
  const col = boxCol(lon);
  for (let dm = -1; dm <= 1; dm++) {
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        const box = model.boxMax.get(monthBoxKey((month + dm + 12) % 12, row + di, (col + dj + BOX_COLUMNS) % BOX_COLUMNS));
        if (!box) continue;
        kt = Math.max(kt, box.kt);
        fixes += box.fixes;
      }
    }
  }
  return (fixes >= SYNTHETIC.minCapFixes ? kt : (model.bandMax.get(bandOf(lat)) ?? kt)) + SYNTHETIC.capMarginKt;
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
  const model: IntensityModel = { boxes: new Map(), bands: new Map(), pooled: { coefficients: [0, 0, 0], sd: 0 }, minChange: 0, maxChange: 0, boxMax, bandMax };
  const rows = new Map<number, { next: number[]; change: number[]; room: number[] }>();
  const boxRows = new Map<number, { next: number[]; change: number[]; room: number[] }>();
  const all = { next: [] as number[], change: [] as number[], room: [] as number[] };
  for (const { steps } of tracks) {
    for (let i = 0; i + 2 < steps.length; i++) {
      const [a, b, c] = [steps[i]!, steps[i + 1]!, steps[i + 2]!];
      if (a.land || b.land || c.land) continue;
      const band = bandOf(b.lat);
      if (!rows.has(band)) rows.set(band, { next: [], change: [], room: [] });
      const box = boxKey(boxRow(b.lat), boxCol(b.lon));
      if (!boxRows.has(box)) boxRows.set(box, { next: [], change: [], room: [] });
      const room = intensityCap(model, b.lat, b.lon, b.month) - b.vmaxKt;
      for (const r of [rows.get(band)!, boxRows.get(box)!, all]) {
        r.next.push(c.vmaxKt - b.vmaxKt);
        r.change.push(b.vmaxKt - a.vmaxKt);
        r.room.push(room);
      }
    }
  }
  const fit = (r: { next: number[]; change: number[]; room: number[] }): IntensityFit => {
    const f = fitLinear(r.next, [r.change, r.room]);
    return { coefficients: f.coefficients, sd: f.rmse };
  };
  model.pooled = fit(all);
  model.minChange = Math.min(...all.next);
  model.maxChange = Math.max(...all.next);
  for (const [band, r] of [...rows].sort((x, y) => x[0] - y[0])) if (r.next.length >= SYNTHETIC.minPairsPerBand) model.bands.set(band, fit(r));
  for (const [box, r] of [...boxRows].sort((x, y) => x[0] - y[0])) if (r.next.length >= SYNTHETIC.minPairsPerBand) model.boxes.set(box, fit(r));
  return model;
}

/** The next wind over sea (kt) given the current wind, last change, place and month. */
export function intensifyOverSea(model: IntensityModel, vmaxKt: number, change: number, lat: number, lon: number, month: number, random: Random): number {
  const fit = model.boxes.get(boxKey(boxRow(lat), boxCol(lon))) ?? model.bands.get(bandOf(lat)) ?? model.pooled;
  const cap = intensityCap(model, lat, lon, month);
  const [c0, c1, c2] = fit.coefficients as [number, number, number];
  const next = c0 + c1 * change + c2 * (cap - vmaxKt) + fit.sd * random.normal();
  return Math.min(cap, vmaxKt + Math.min(model.maxChange, Math.max(model.minChange, next)));
}

/**
 * The wind after `hours` over land; `landfall` when the step crosses the
 * coast (the decay then runs only for the part of the step after the
 * crossing: decaying the whole 6 hours made storms that had just come ashore
 * 2–3 times too rare at places just inland, New Orleans or Manila).
 */
export function decayOverLand(vmaxKt: number, landfall: boolean, hours: number = SYNTHETIC.stepHours): number {
  const background = TRACK_STEPS.decayBackgroundKt;
  const start = landfall ? SYNTHETIC.landfallReduction * vmaxKt : vmaxKt;
  if (start <= background) return start;
  return background + (start - background) * Math.exp(-TRACK_STEPS.decayRatePerHour * hours);
}
