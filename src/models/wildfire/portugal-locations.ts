import type { PortugalFire } from './sources.js';

/**
 * Locations for the ICNF records of 1980–2000, which name a municipality
 * (concelho) but carry no coordinates: each municipality is placed at the mean
 * of its 2014 fire points (the only year with WGS84 points). Names are matched
 * after normalisation, then as abbreviations ("V N GAIA" → Vila Nova de Gaia),
 * disambiguated by district when the record has one.
 */
export interface Located {
  fires: PortugalFire[];
  /** Burnt area (ha) of records that could not be placed, and the total. */
  unlocatedHa: number;
  totalHa: number;
  municipalities: number;
}

/** Spelling variants in the older files that no abbreviation rule covers. */
const SPELLING_VARIANTS: Readonly<Record<string, string>> = { CANAVEZES: 'CANAVESES', SJPESQUEIRA: 'S J PESQUEIRA' };
const PARTICLES = new Set(['DE', 'DA', 'DO', 'DAS', 'DOS', 'E']);

export function normaliseName(name: string): string {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z]+/g, ' ');
  return plain
    .split(' ')
    .map((t) => SPELLING_VARIANTS[t] ?? t)
    .join(' ')
    .split(' ')
    .filter((t) => t !== '' && !PARTICLES.has(t))
    .join(' ');
}

/** Each abbreviated token is a prefix of a distinct later token of the full name, in order. */
function abbreviates(short: string[], full: string[]): boolean {
  let at = 0;
  for (const token of short) {
    while (at < full.length && !full[at]!.startsWith(token)) at++;
    if (at === full.length) return false;
    at++;
  }
  return true;
}

interface Municipality {
  latitude: number;
  longitude: number;
  district: string;
}

function municipalityCentroids(fires: readonly PortugalFire[]): Map<string, Municipality> {
  const sums = new Map<string, { lat: number; lon: number; n: number; district: string }>();
  for (const f of fires) {
    if (!Number.isFinite(f.latitude) || !Number.isFinite(f.longitude)) continue;
    const key = normaliseName(f.municipality);
    const s = sums.get(key) ?? { lat: 0, lon: 0, n: 0, district: normaliseName(f.district) };
    s.lat += f.latitude;
    s.lon += f.longitude;
    s.n += 1;
    sums.set(key, s);
  }
  const out = new Map<string, Municipality>();
  for (const [key, s] of [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out.set(key, { latitude: s.lat / s.n, longitude: s.lon / s.n, district: s.district });
  }
  return out;
}

/** Every record with a location (its own point, else its municipality's 2014 centroid). */
export function locatePortugalFires(fires: readonly PortugalFire[]): Located {
  const centroids = municipalityCentroids(fires);
  const names = [...centroids.keys()];
  const memo = new Map<string, Municipality | null>();
  const resolve = (municipality: string, district: string): Municipality | null => {
    const key = `${municipality}|${district}`;
    if (memo.has(key)) return memo.get(key)!;
    const name = normaliseName(municipality);
    let place = centroids.get(name) ?? null;
    if (!place && name !== '') {
      const short = name.split(' ');
      let candidates = names.filter((n) => abbreviates(short, n.split(' ')));
      const d = normaliseName(district);
      if (candidates.length > 1 && d !== '') candidates = candidates.filter((n) => centroids.get(n)!.district === d);
      place = candidates.length === 1 ? centroids.get(candidates[0]!)! : null;
    }
    memo.set(key, place);
    return place;
  };
  const located: PortugalFire[] = [];
  let unlocatedHa = 0;
  let totalHa = 0;
  for (const f of fires) {
    totalHa += f.areaHa;
    if (Number.isFinite(f.latitude) && Number.isFinite(f.longitude)) {
      located.push(f);
      continue;
    }
    const place = resolve(f.municipality, f.district);
    if (place) located.push({ ...f, latitude: place.latitude, longitude: place.longitude });
    else unlocatedHa += f.areaHa;
  }
  return { fires: located, unlocatedHa, totalHa, municipalities: centroids.size };
}
