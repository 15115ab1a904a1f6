/**
 * Places and published reference values for the severe-convective validation
 * (full citations in docs/models/us-tornado.md and docs/models/hail.md).
 */
export interface Place {
  latitude: number;
  longitude: number;
}

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
  'Amarillo, TX': { latitude: 35.222, longitude: -101.8313 },
  'Miami, FL': { latitude: 25.7617, longitude: -80.1918 },
  'Seattle, WA': { latitude: 47.6062, longitude: -122.3321 },
} as const satisfies Record<string, Place>;

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
const ATLAS = 'Changnon, Changnon & Hilberg 2009, Hailstorms Across the Nation (ISWS CR 2009-12): 6–12 hail days/yr (any size) along and east of the central Rockies';
const NWS_STATIONS = 'NWS station hail days (any size) quoted by WGN-TV (Skilling): Cheyenne ≈ 9/yr, Chicago ≈ 2/yr';

const inRange = (low: number, high: number) => (ours: number) =>
  `published range ${low.toExponential(0)}–${high.toExponential(0)}: ${ours < low ? `below, ×${(ours / low).toFixed(2)}` : ours > high ? `above, ×${(ours / high).toFixed(2)}` : 'inside'}`;
const ANY_SIZE = 'reference counts hail of any size at a station; ours is ≥ 0.75 in only, so ours must be well below it';

export const REFERENCES: { tornado: Reference<TornadoQuantity>[]; hail: Reference<'hail075'>[] } = {
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
    { place: 'Cheyenne, WY', quantity: 'hail075', label: 'hail ≥ 0.75 in at a point, events per year', reference: 9, source: `${ATLAS}; ${NWS_STATIONS}`, note: () => ANY_SIZE },
    { place: 'Denver, CO', quantity: 'hail075', label: 'hail ≥ 0.75 in at a point, events per year', reference: null, source: ATLAS, note: () => ANY_SIZE },
    { place: 'Chicago, IL', quantity: 'hail075', label: 'hail ≥ 0.75 in at a point, events per year', reference: 2, source: NWS_STATIONS, note: () => `${ANY_SIZE}; the station ratio Cheyenne/Chicago is 4.5` },
  ],
};
