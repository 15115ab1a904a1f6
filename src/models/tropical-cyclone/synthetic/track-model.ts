/**
 * Synthetic storm motion, STORM's track model (Bloemendaal et al. 2020): per
 * 6-hour step, per rate group and latitude band,
 *   Δlat' = b₀ + b₁·Δlat + b₂/lat + ε,   Δlon' = a₀ + a₁·Δlon + ε,
 * fitted by least squares on the observed steps (fit-data.ts), ε normal with
 * the fit's residual spread. STORM fits per basin; our groups pool basins
 * (SH: South Indian and South Pacific; NI: Arabian Sea and Bay of Bengal) and
 * steering changes with the season, so the fit is per latitude band, longitude
 * sector and month (±1), falling back to the band and sector, the band, then
 * the group, where a key has fewer than minPairsPerBand pairs. As in STORM,
 * beyond 45° storms do not move west.
 */
import { wrapLongitude } from '../../../geo/sphere.js';
import { fitLinear } from '../../toolkit/least-squares.js';
import type { Random } from '../../toolkit/random.js';
import { SYNTHETIC } from '../parameters.js';
import type { FitTrack } from './fit-data.js';

interface MotionFit {
  lat: number[];
  latSd: number;
  lon: number[];
  lonSd: number;
}

export interface TrackModel {
  /** By sectorKey(band, sector) * 12 + month, then sectorKey(band, sector), then band. */
  seasonal: Map<number, MotionFit>;
  sectors: Map<number, MotionFit>;
  bands: Map<number, MotionFit>;
  pooled: MotionFit;
}

export interface Motion {
  lat: number;
  lon: number;
  dLat: number;
  dLon: number;
}

/** The latitude band of a latitude (floor of lat / band width; negative in the south). */
export function bandOf(lat: number): number {
  return Math.floor(lat / SYNTHETIC.latitudeBandDegrees);
}

const SECTORS = 360 / SYNTHETIC.trackSectorDegrees;
const sectorOf = (lon: number): number => Math.floor((lon + 180) / SYNTHETIC.trackSectorDegrees) % SECTORS;
/** A number per (latitude band, longitude sector); bands run from −18 to 17, offset to stay positive. */
const sectorKey = (band: number, sector: number): number => (band + 20) * SECTORS + sector;

/** 1/lat away from the equator's singularity (|lat| ≥ 2°). */
function inverseLatitude(lat: number): number {
  return 1 / (Math.sign(lat || 1) * Math.max(2, Math.abs(lat)));
}

interface Pairs {
  dLatNext: number[];
  dLat: number[];
  inverseLat: number[];
  dLonNext: number[];
  dLon: number[];
}

const emptyPairs = (): Pairs => ({ dLatNext: [], dLat: [], inverseLat: [], dLonNext: [], dLon: [] });

function fitPairs(p: Pairs): MotionFit {
  const lat = fitLinear(p.dLatNext, [p.dLat, p.inverseLat]);
  const lon = fitLinear(p.dLonNext, [p.dLon]);
  return { lat: lat.coefficients, latSd: lat.rmse, lon: lon.coefficients, lonSd: lon.rmse };
}

function pairsAt(map: Map<number, Pairs>, key: number): Pairs {
  let pairs = map.get(key);
  if (!pairs) map.set(key, (pairs = emptyPairs()));
  return pairs;
}

function fitEach(map: Map<number, Pairs>): Map<number, MotionFit> {
  const fits = new Map<number, MotionFit>();
  for (const [key, pairs] of [...map].sort((x, y) => x[0] - y[0])) if (pairs.dLat.length >= SYNTHETIC.minPairsPerBand) fits.set(key, fitPairs(pairs));
  return fits;
}

export function fitTrackModel(tracks: readonly FitTrack[]): TrackModel {
  const [byMonth, bySector, byBand] = [new Map<number, Pairs>(), new Map<number, Pairs>(), new Map<number, Pairs>()];
  const all = emptyPairs();
  for (const { steps } of tracks) {
    for (let i = 0; i + 2 < steps.length; i++) {
      const [a, b, c] = [steps[i]!, steps[i + 1]!, steps[i + 2]!];
      const band = bandOf(b.lat);
      const sector = sectorKey(band, sectorOf(b.lon));
      const months = [b.month, (b.month + 1) % 12, (b.month + 11) % 12].map((m) => pairsAt(byMonth, sector * 12 + m));
      for (const p of [...months, pairsAt(bySector, sector), pairsAt(byBand, band), all]) {
        p.dLatNext.push(c.lat - b.lat);
        p.dLat.push(b.lat - a.lat);
        p.inverseLat.push(inverseLatitude(b.lat));
        p.dLonNext.push(wrapLongitude(c.lon - b.lon));
        p.dLon.push(wrapLongitude(b.lon - a.lon));
      }
    }
  }
  return { seasonal: fitEach(byMonth), sectors: fitEach(bySector), bands: fitEach(byBand), pooled: fitPairs(all) };
}

/**
 * The largest step-to-step persistence used: a band's fitted b₁ or a₁ near or
 * above 1 (storms pass through a band, they do not stay in it) would make the
 * process non-stationary for a synthetic storm that lingers there.
 */
const MAX_PERSISTENCE = 0.95;

/** The next position and step. */
export function moveStorm(model: TrackModel, state: Motion, month: number, random: Random): Motion {
  const band = bandOf(state.lat);
  const sector = sectorKey(band, sectorOf(state.lon));
  const fit = model.seasonal.get(sector * 12 + month) ?? model.sectors.get(sector) ?? model.bands.get(band) ?? model.pooled;
  const dLat = fit.lat[0]! + Math.min(MAX_PERSISTENCE, fit.lat[1]!) * state.dLat + fit.lat[2]! * inverseLatitude(state.lat) + fit.latSd * random.normal();
  let dLon = fit.lon[0]! + Math.min(MAX_PERSISTENCE, fit.lon[1]!) * state.dLon + fit.lonSd * random.normal();
  if (Math.abs(state.lat) >= 45) dLon = Math.max(0, dLon);
  return { lat: state.lat + dLat, lon: wrapLongitude(state.lon + dLon), dLat, dLon };
}
