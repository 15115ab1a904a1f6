import type { Coordinates } from '../toolkit/place-checks.js';

/**
 * Places and published reference values for the severe-convective validation
 * (full citations in docs/models/us-tornado.md and docs/models/hail.md).
 */
export const PLACES = {
  'Oklahoma City, OK': { latitude: 35.4676, longitude: -97.5164 },
  'Moore, OK': { latitude: 35.3395, longitude: -97.4867 },
  'Jackson, MS': { latitude: 32.2988, longitude: -90.1848 },
  'Chicago, IL': { latitude: 41.8781, longitude: -87.6298 },
  'Columbus, OH': { latitude: 39.9612, longitude: -82.9988 },
  'Boston, MA': { latitude: 42.3601, longitude: -71.0589 },
  'Los Angeles, CA': { latitude: 34.0522, longitude: -118.2437 },
  'Sacramento, CA': { latitude: 38.5816, longitude: -121.4944 },
  'Denver, CO': { latitude: 39.7392, longitude: -104.9903 },
  'Cheyenne, WY': { latitude: 41.14, longitude: -104.8202 },
  'Fort Collins, CO (CSU campus station)': { latitude: 40.5762, longitude: -105.0845 },
  'Amarillo, TX': { latitude: 35.222, longitude: -101.8313 },
  'Miami, FL': { latitude: 25.7617, longitude: -80.1918 },
  'Seattle, WA': { latitude: 47.6062, longitude: -122.3321 },
} as const satisfies Record<string, Coordinates>;

export type PlaceName = keyof typeof PLACES;

type TornadoQuantity = 'ef2RatedPathRate' | 'ef2Within25Miles' | 'ef0PointRate';

interface Reference<Q> {
  place: PlaceName;
  quantity: Q;
  label: string;
  reference: number | null;
  source: string;
  note(ours: number): string;
}

const MEYER = 'Meyer, Brooks & Kay 2002 (16th Conf. Probability and Statistics, AMS); Meyer & Brooks 2001 NWC REU: F2+ 1921–1995, peak return period ≈ 3000 yr in southern Oklahoma';
const CONCANNON = 'Concannon, Brooks & Doswell 2000 (2nd Symp. Environmental Applications, AMS): almost 40 F2+ days per century within 25 mi, central/southern Oklahoma, 1921–1995';
const NUREG = 'Ramsdell & Rishel 2007, NUREG/CR-4461 Rev. 2: tornado strike probabilities of order 1e-4–1e-3 per year in the central US';
const ATLAS = 'Changnon, Changnon & Hilberg 2009, Hailstorms Across the Nation (ISWS CR 2009-12): 6–12 hail days/yr (any size) at points along and east of the central Rockies';
const NWS_STATIONS = 'NWS station hail days (any size) quoted by WGN-TV (Skilling): Cheyenne ≈ 9/yr, Chicago ≈ 2/yr';
const DOESKEN = 'Doesken 1994, Colorado Climate 17(7) "Hail, hail, hail! The summertime hazard of eastern Colorado": CSU campus station, Fort Collins, 1962–1993: hail in excess of 1 in twice in 32 years';

const inRange = (low: number, high: number) => (ours: number) =>
  `published range ${low.toExponential(0)}–${high.toExponential(0)}: ${ours < low ? `below, ×${(ours / low).toFixed(2)}` : ours > high ? `above, ×${(ours / high).toFixed(2)}` : 'inside'}`;

/** Hail references: a point frequency at a fixed size, or a ratio of station hail days between two places. */
export type HailReference =
  | { kind: 'pointRate'; place: PlaceName; sizeInches: number; label: string; reference: number; source: string; note: string }
  | { kind: 'ratio'; place: PlaceName; over: PlaceName; sizeInches: number; label: string; reference: number; source: string; note: string };

export const REFERENCES: { tornado: Reference<TornadoQuantity>[]; hail: HailReference[] } = {
  tornado: [
    {
      place: 'Moore, OK',
      quantity: 'ef2RatedPathRate',
      label: 'annual rate of lying in the path of an EF2+-rated tornado',
      reference: 1 / 3000,
      source: MEYER,
      note: () => 'ours = EF2 intensity rate × national (rated-path / ≥EF2 area) ratio; reference excludes post-1995 wider (maximum) widths',
    },
    {
      place: 'Oklahoma City, OK',
      quantity: 'ef2Within25Miles',
      label: 'EF2+ tornadoes passing within 25 mi per year',
      reference: 0.4,
      source: CONCANNON,
      note: () => 'ours counts tornadoes, the reference counts days (several tornadoes on one day count once), so ours ≥ reference is expected',
    },
    { place: 'Columbus, OH', quantity: 'ef2Within25Miles', label: 'EF2+ tornadoes passing within 25 mi per year', reference: null, source: CONCANNON, note: () => 'no published number at this place; compare with Oklahoma City' },
    { place: 'Sacramento, CA', quantity: 'ef2Within25Miles', label: 'EF2+ tornadoes passing within 25 mi per year', reference: null, source: CONCANNON, note: () => 'no published number at this place; compare with Oklahoma City' },
    { place: 'Oklahoma City, OK', quantity: 'ef0PointRate', label: 'annual rate of any tornado (EF0+) striking a point', reference: null, source: NUREG, note: inRange(1e-4, 1e-3) },
    { place: 'Jackson, MS', quantity: 'ef0PointRate', label: 'annual rate of any tornado (EF0+) striking a point', reference: null, source: NUREG, note: inRange(1e-4, 1e-3) },
  ],
  hail: [
    {
      kind: 'pointRate',
      place: 'Fort Collins, CO (CSU campus station)',
      sizeInches: 1,
      label: 'hail larger than 1 in at the station, events per year',
      reference: 2 / 32,
      source: DOESKEN,
      note: 'like for like: a point, the same size; "in excess of 1 in" lies between our ≥ 1 in and ≥ 1.25 in rates (ours at 1 in shown; 2 events: Poisson 95 % range 0.008–0.23 per year)',
    },
    {
      kind: 'ratio',
      place: 'Cheyenne, WY',
      over: 'Chicago, IL',
      sizeInches: 1,
      label: 'ratio of point frequencies Cheyenne / Chicago (ours: hail ≥ 1 in)',
      reference: 9 / 2,
      source: `${NWS_STATIONS}; ${ATLAS}`,
      note: 'the reference counts hail days of any size at the stations; the High Plains have the larger stones (Changnon et al. 2009), so the ≥ 1 in ratio should be at least comparable',
    },
  ],
};
