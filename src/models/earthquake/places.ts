/**
 * Validation references (docs/validation.md, docs/models/earthquake.md).
 *
 * USGS_2018_SITES: annual rate of exceeding PGA 0.1 g and 0.2 g at the ten
 * test sites of the USGS 2018 conterminous-US model (Petersen et al. 2020,
 * Earthquake Spectra 36:5–41), Vs30 760 m/s, read off the model's own
 * end-to-end test curves (usgs/nshmp-haz, test/.../eq/model/data/
 * e2e-{wus,ceus}-2018-<SITE>.json, commit c01508c / 7ba5cda), interpolated
 * log-log between the curve's PGA levels. Coordinates as in etc/nshm/sites-nshmp.csv.
 *
 * REFERENCE_PLACES: PGA with 10 % probability of exceedance in 50 years read
 * from published national or global maps outside the US, to about one colour
 * band (±30 % in PGA); compared in probability space (our annual rate of
 * exceeding that PGA against 1/474.6).
 */
export interface UsgsSite {
  site: string;
  latitude: number;
  longitude: number;
  /** Annual rate of PGA ≥ 0.1 g and ≥ 0.2 g. */
  rate01: number;
  rate02: number;
}

export const USGS_2018_SOURCE = 'USGS NSHM 2018 (Petersen et al. 2020), Vs30 760 m/s; curve from usgs/nshmp-haz e2e-2018 test data';

export const USGS_2018_SITES: readonly UsgsSite[] = [
  { site: 'Los Angeles, CA', latitude: 34.05, longitude: -118.25, rate01: 0.024842, rate02: 0.008798 },
  { site: 'San Francisco, CA', latitude: 37.75, longitude: -122.4, rate01: 0.026626, rate02: 0.00968 },
  { site: 'Seattle, WA', latitude: 47.6, longitude: -122.3, rate01: 0.013639, rate02: 0.004709 },
  { site: 'Salt Lake City, UT', latitude: 40.75, longitude: -111.9, rate01: 0.00443, rate02: 0.002389 },
  { site: 'Reno, NV', latitude: 39.55, longitude: -119.8, rate01: 0.019081, rate02: 0.006202 },
  { site: 'New Madrid, MO', latitude: 36.6, longitude: -89.55, rate01: 0.009065, rate02: 0.005223 },
  { site: 'Boston, MA', latitude: 42.35, longitude: -71.05, rate01: 0.000721, rate02: 0.000258 },
  { site: 'New York, NY', latitude: 40.75, longitude: -74.0, rate01: 0.000821, rate02: 0.000326 },
  { site: 'Chicago, IL', latitude: 41.85, longitude: -87.65, rate01: 0.000235, rate02: 0.000075 },
  { site: 'New Orleans, LA', latitude: 29.95, longitude: -90.05, rate01: 0.000121, rate02: 0.000036 },
];

export interface ReferencePlace {
  place: string;
  latitude: number;
  longitude: number;
  /** PGA (g) at 10 % in 50 years, or null where only an ordering is used. */
  pga475: number | null;
  source: string;
}

const GEM = 'GEM GSHM v2023.1 (Johnson et al. 2023; Pagani et al. 2020, Earthquake Spectra 36:226–251), Vs30 760–800 m/s, map reading ±30 % (comparison only; not shipped)';

export const REFERENCE_PLACES: readonly ReferencePlace[] = [
  { place: 'Tokyo', latitude: 35.69, longitude: 139.692, pga475: 0.5, source: GEM },
  { place: 'Istanbul', latitude: 41.008, longitude: 28.978, pga475: 0.35, source: GEM },
  { place: 'Kathmandu', latitude: 27.717, longitude: 85.324, pga475: 0.5, source: GEM },
  { place: 'Lima', latitude: -12.046, longitude: -77.043, pga475: 0.45, source: GEM },
  { place: 'Santiago', latitude: -33.449, longitude: -70.669, pga475: 0.5, source: GEM },
  { place: 'Tehran', latitude: 35.689, longitude: 51.389, pga475: 0.35, source: GEM },
  { place: 'Rome', latitude: 41.903, longitude: 12.496, pga475: 0.12, source: GEM },
  { place: 'London', latitude: 51.507, longitude: -0.128, pga475: 0.02, source: GEM },
  { place: 'Berlin', latitude: 52.52, longitude: 13.405, pga475: 0.015, source: GEM },
  { place: 'Memphis', latitude: 35.149, longitude: -90.049, pga475: null, source: 'ordering only' },
  { place: 'New York', latitude: 40.713, longitude: -74.006, pga475: null, source: 'ordering only' },
  { place: 'San Francisco', latitude: 37.775, longitude: -122.419, pga475: null, source: 'ordering only' },
  { place: 'Los Angeles', latitude: 34.052, longitude: -118.244, pga475: null, source: 'ordering only' },
  { place: 'Seattle', latitude: 47.606, longitude: -122.332, pga475: null, source: 'ordering only' },
  { place: 'Delhi', latitude: 28.614, longitude: 77.209, pga475: null, source: 'ordering only' },
  { place: 'Chennai', latitude: 13.083, longitude: 80.27, pga475: null, source: 'ordering only' },
];

/**
 * National design codes' 475-year (10 % in 50 years) rock PGA at cities in each
 * regime (issue 33): the code's own zone value for the city, as printed.
 */
export const NATIONAL_CODE_PLACES: readonly ReferencePlace[] = [
  { place: 'Tehran', latitude: 35.689, longitude: 51.389, pga475: 0.35, source: 'Iranian Standard 2800, 4th ed. (BHRC 2014): design base acceleration A, very high relative hazard zone' },
  { place: 'Lima', latitude: -12.046, longitude: -77.043, pga475: 0.45, source: 'Peru, Norma E.030 Diseño Sismorresistente (2018): zone 4, Z = 0.45 g on firm ground, 10 % in 50 yr' },
  { place: 'Santiago', latitude: -33.449, longitude: -70.669, pga475: 0.3, source: 'Chile, NCh433.Of1996 Mod. 2009: seismic zone 2, effective ground acceleration A0 = 0.30 g' },
  { place: 'Valparaíso', latitude: -33.047, longitude: -71.612, pga475: 0.4, source: 'Chile, NCh433.Of1996 Mod. 2009: seismic zone 3, effective ground acceleration A0 = 0.40 g' },
  { place: 'Wellington', latitude: -41.287, longitude: 174.776, pga475: 0.4, source: 'NZS 1170.5:2004 Table 3.3: hazard factor Z = 0.40 (500-yr, rock: spectral shape 1.0 at T = 0)' },
  { place: 'Christchurch', latitude: -43.532, longitude: 172.637, pga475: 0.3, source: 'NZS 1170.5:2004 Amendment 1 (2011): hazard factor Z = 0.30 (500-yr, rock)' },
  { place: 'Auckland', latitude: -36.848, longitude: 174.763, pga475: 0.13, source: 'NZS 1170.5:2004 Table 3.3: hazard factor Z = 0.13 (500-yr, rock)' },
  { place: 'Kathmandu', latitude: 27.717, longitude: 85.324, pga475: 0.35, source: 'Nepal, NBC 105:2020: seismic zoning factor Z = 0.35 (475-yr PGA), Kathmandu' },
  { place: 'Athens', latitude: 37.984, longitude: 23.728, pga475: 0.16, source: 'Greece, EAK 2000 (2003 revision): seismic hazard zone I, design ground acceleration 0.16 g' },
  { place: "L'Aquila", latitude: 42.35, longitude: 13.399, pga475: 0.26, source: 'Italy, NTC 2008 / INGV MPS04 (Stucchi et al. 2011): a_g at 10 % in 50 yr, 0.25–0.275 g at L\'Aquila' },
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
