/**
 * Derives the rates of the eastern North American zones in
 * src/models/earthquake/area-sources.ts (those whose `smoothed` is
 * 'replaces') from the USGS catalogue of the 2018 national model (Mueller
 * 2019, Seismol. Res. Lett. 90:251–261; file `emm_pn.c2` of the nshm-conus
 * model, catalogs/ceus/full). The catalogue is not in ../shared/data, so the
 * build cannot read it; this script shows how each row's rate was counted,
 * and prints the rows' rates again from a copy of the file.
 *
 * Counting: events of M ≥ 3 north to 50° N, declustered with our
 * Gardner–Knopoff windows (decluster.ts); in each zone, events below its
 * Mmax (larger ones are the characteristic events of its fault sources),
 * each weighted by the catalogue's N* (Mueller 2019: the rate correction for
 * magnitude uncertainty), counted in the completeness classes below; the
 * Weichert (1980) rate of M ≥ mLow with the zone's b.
 *
 * Run: node --import tsx bench/ceus-zone-rates.ts path/to/emm_pn.c2
 */
import fs from 'node:fs';
import { AREA_SOURCES, type AreaSource } from '../src/models/earthquake/area-sources.js';
import { decluster } from '../src/models/earthquake/decluster.js';
import type { Quake } from '../src/models/earthquake/sources.js';

/** Magnitude classes and the years from which each is taken as complete (the project's choice; see docs/models/earthquake.md). */
const CLASSES = [
  { lo: 3.0, hi: 3.5, since: 1975 },
  { lo: 3.5, hi: 4.0, since: 1950 },
  { lo: 4.0, hi: 4.5, since: 1930 },
  { lo: 4.5, hi: 5.0, since: 1860 },
  { lo: 5.0, hi: 5.5, since: 1800 },
  { lo: 5.5, hi: Number.POSITIVE_INFINITY, since: 1700 },
];
const UNTIL = 2023;

interface Weighted extends Quake {
  weight: number;
  year: number;
}

function readCatalogue(file: string): Weighted[] {
  const quakes: Weighted[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 13) continue;
    const [mw, lon, lat, year, month, day] = [Number(f[0]), Number(f[1]), Number(f[2]), Number(f[4]), Number(f[5]), Number(f[6])];
    if (mw < CLASSES[0]!.lo || lat >= 50) continue;
    const timeMs = Date.UTC(year, Math.max(month, 1) - 1, Math.max(day, 1));
    quakes.push({ timeMs, latitude: lat, longitude: lon, depthKm: 10, mw, source: 'comcat', weight: Number(f[12]), year: year + (Math.max(month, 1) - 1) / 12 });
  }
  return quakes.sort((a, b) => a.timeMs - b.timeMs);
}

function zoneRate(mainshocks: readonly Weighted[], zone: AreaSource): { rate: number; counts: number[] } {
  const inZone = mainshocks.filter((q) => q.latitude >= zone.south && q.latitude < zone.north && q.longitude >= zone.west && q.longitude < zone.east && q.mw < zone.mmax);
  const counts = CLASSES.map((c) => inZone.filter((q) => q.mw >= c.lo && q.mw < c.hi && q.year >= c.since && q.year < UNTIL).reduce((s, q) => s + q.weight, 0));
  const gr = (m: number): number => 10 ** (-zone.b * (Math.min(m, zone.mmax) - CLASSES[0]!.lo));
  const effectiveYears = CLASSES.reduce((s, c) => s + (UNTIL - c.since) * (gr(c.lo) - gr(c.hi)), 0);
  const total = counts.reduce((s, n) => s + n, 0);
  return { rate: (total / effectiveYears) * (gr(zone.mLow) - gr(zone.mmax)), counts };
}

const file = process.argv[2];
if (!file) throw new Error('usage: bench/ceus-zone-rates.ts path/to/emm_pn.c2');
const mainshocks = decluster(readCatalogue(file)) as Weighted[];
console.log('| zone | counted events per class (N*-weighted) | rate of M ≥ mLow (/yr) | in the table |\n|---|---|---|---|');
for (const zone of AREA_SOURCES.filter((a) => a.smoothed === 'replaces')) {
  const { rate, counts } = zoneRate(mainshocks, zone);
  console.log(`| ${zone.name} | ${counts.map((n) => n.toFixed(1)).join(', ')} | ${rate.toFixed(4)} | ${zone.rate} |`);
}
