/**
 * Validation places and published references: PGA (g, rock) with 10 % probability
 * of exceedance in 50 years. The values are read from the published maps, to
 * about one colour band (≈ ±30 %); the maps give no point tables we could quote.
 */
export interface ReferencePlace {
  place: string;
  latitude: number;
  longitude: number;
  /** PGA (g) at 10 % in 50 years, or null where only an ordering is used. */
  pga475: number | null;
  source: string;
}

const USGS = 'USGS NSHM 2018 (Petersen et al. 2020, Earthquake Spectra 36:5–41), B/C 760 m/s, map reading ±30 %';
const GEM = 'GEM GSHM v2023.1 (Johnson et al. 2023; Pagani et al. 2020, Earthquake Spectra 36:226–251), Vs30 760–800 m/s, map reading ±30 %';

export const REFERENCE_PLACES: readonly ReferencePlace[] = [
  { place: 'San Francisco', latitude: 37.775, longitude: -122.419, pga475: 0.5, source: USGS },
  { place: 'Los Angeles', latitude: 34.052, longitude: -118.244, pga475: 0.5, source: USGS },
  { place: 'Seattle', latitude: 47.606, longitude: -122.332, pga475: 0.3, source: USGS },
  { place: 'Salt Lake City', latitude: 40.761, longitude: -111.891, pga475: 0.25, source: USGS },
  { place: 'Memphis', latitude: 35.149, longitude: -90.049, pga475: 0.12, source: USGS },
  { place: 'Charleston', latitude: 32.777, longitude: -79.931, pga475: 0.12, source: USGS },
  { place: 'New York', latitude: 40.713, longitude: -74.006, pga475: 0.06, source: USGS },
  { place: 'Tokyo', latitude: 35.69, longitude: 139.692, pga475: 0.5, source: GEM },
  { place: 'Istanbul', latitude: 41.008, longitude: 28.978, pga475: 0.35, source: GEM },
  { place: 'Kathmandu', latitude: 27.717, longitude: 85.324, pga475: 0.5, source: GEM },
  { place: 'Lima', latitude: -12.046, longitude: -77.043, pga475: 0.45, source: GEM },
  { place: 'Santiago', latitude: -33.449, longitude: -70.669, pga475: 0.5, source: GEM },
  { place: 'Tehran', latitude: 35.689, longitude: 51.389, pga475: 0.35, source: GEM },
  { place: 'Rome', latitude: 41.903, longitude: 12.496, pga475: 0.12, source: GEM },
  { place: 'London', latitude: 51.507, longitude: -0.128, pga475: 0.02, source: GEM },
  { place: 'Berlin', latitude: 52.52, longitude: 13.405, pga475: 0.015, source: GEM },
  { place: 'Delhi', latitude: 28.614, longitude: 77.209, pga475: null, source: 'ordering only' },
  { place: 'Chennai', latitude: 13.083, longitude: 80.27, pga475: null, source: 'ordering only' },
];

/** Relative orderings of the 475-year PGA that the published maps agree on: [higher, lower]. */
export const ORDERINGS: readonly [string, string][] = [
  ['Tokyo', 'London'],
  ['Istanbul', 'Berlin'],
  ['San Francisco', 'New York'],
  ['Los Angeles', 'Memphis'],
  ['Seattle', 'New York'],
  ['Kathmandu', 'Delhi'],
  ['Delhi', 'Chennai'],
  ['Santiago', 'Rome'],
  ['Tehran', 'London'],
];
