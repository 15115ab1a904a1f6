/**
 * Published reference values the weather tables are calibrated and validated
 * against, one row per place, each with its citation. Design-wind rows carry a
 * role: 'calibration' rows fit the gust model (wind-calibration.ts), 'validation'
 * rows are held out and only compared (validation.ts). Rain rows are validation only.
 */
import { MS_PER_MPH } from '../../units.js';

export type ReferenceRole = 'calibration' | 'validation';

/** NOAA Atlas 14 100-year 24-hour point depth (inches); ÷ 1.13 gives a calendar-day total (Hershfield 1961). */
export interface Atlas14Row {
  place: string;
  latitude: number;
  longitude: number;
  inches: number;
  source: string;
}

const PFDS = 'NOAA Atlas 14 PFDS point estimate (partial-duration series, equal to the annual-maximum value within 1 % at 100 years)';

export const ATLAS14: readonly Atlas14Row[] = [
  { place: 'Miami, FL', latitude: 25.79, longitude: -80.29, inches: 12.5, source: 'NOAA Atlas 14 Vol. 9 (Perica et al. 2013): ≈ 12–13 in' },
  { place: 'Fort Myers, FL', latitude: 26.6, longitude: -81.9, inches: 12.1, source: `${PFDS}, Vol. 9 v2 at 26.6 N 81.9 W: 12.1 in` },
  { place: 'Houston, TX', latitude: 29.76, longitude: -95.37, inches: 17, source: 'NOAA Atlas 14 Vol. 11 (Perica et al. 2018): 16–18 in across Houston' },
  { place: 'New Orleans, LA', latitude: 29.95, longitude: -90.07, inches: 13, source: 'NOAA Atlas 14 Vol. 9 (2013): ≈ 13 in (secondary quotation)' },
  { place: 'Savannah, GA', latitude: 32.08, longitude: -81.09, inches: 11.4, source: 'NOAA Atlas 14 Vol. 9 PFDS, quoted by Knox (2020, UGA Extension Climate blog): 11.4 in' },
  { place: 'Atlanta, GA', latitude: 33.75, longitude: -84.39, inches: 7.47, source: 'NOAA Atlas 14 Vol. 9 PFDS, quoted by Knox (2020, UGA Extension Climate blog): 7.47 in' },
  { place: 'Irving (Dallas–Fort Worth), TX', latitude: 32.8687, longitude: -96.9737, inches: 9.27, source: `${PFDS}, Vol. 11 v2 at 32.8687 N 96.9737 W: 9.27 in` },
  { place: 'Front Range SW of Denver, CO', latitude: 39.0, longitude: -105.0, inches: 0.236 * 24, source: `${PFDS}, Vol. 8 v2 at 39.0 N 105.0 W: 0.236 in/h over 24 h = 5.66 in` },
  { place: 'Maricopa County, AZ (W of Phoenix)', latitude: 33.02, longitude: -112.95, inches: 3.46, source: 'NOAA Atlas 14 Vol. 1 (Bonnin et al. 2004) PFDS at 33.02 N 112.95 W: 3.46 in' },
];

/** A design gust (3-s, 10 m, open terrain) with its annual exceedance probability. */
export interface DesignGust {
  place: string;
  latitude: number;
  longitude: number;
  role: ReferenceRole;
  /** [return period (years), gust (m/s), source] */
  levels: readonly (readonly [number, number, string])[];
}

const ASCE705 = 'ASCE 7-05 Fig. 6-1 basic wind speed (50-yr 3-s gust, 10 m, Exposure C)';
const ASCE710 = 'ASCE 7-10 Figs. 26.5-1A/B/C (Risk Category I/II/III–IV: 300-, 700-, 1,700-yr 3-s gust, 10 m, Exposure C)';

/** Non-hurricane US cities: ASCE 7-05 50-yr and ASCE 7-10 300/700/1,700-yr values (West Coast: 85 mph; 100/110/115 mph). */
function asce(place: string, latitude: number, longitude: number, role: ReferenceRole, westCoast = false): DesignGust {
  const [v50, v300, v700, v1700] = westCoast ? [85, 100, 110, 115] : [90, 105, 115, 120];
  return {
    place,
    latitude,
    longitude,
    role,
    levels: [
      [50, v50 * MS_PER_MPH, `${ASCE705}: ${v50} mph`],
      [300, v300 * MS_PER_MPH, `${ASCE710}: ${v300} mph`],
      [700, v700 * MS_PER_MPH, `${ASCE710}: ${v700} mph`],
      [1700, v1700 * MS_PER_MPH, `${ASCE710}: ${v1700} mph`],
    ],
  };
}

/** Inland and West Coast cities away from the hurricane-prone coast and special wind regions; roles alternate. */
export const ASCE_CITIES: readonly DesignGust[] = [
  asce('Chicago, IL', 41.88, -87.63, 'calibration'),
  asce('Dallas, TX', 32.78, -96.8, 'validation'),
  asce('Denver, CO', 39.74, -104.99, 'calibration'),
  asce('Kansas City, MO', 39.1, -94.58, 'validation'),
  asce('Oklahoma City, OK', 35.47, -97.52, 'calibration'),
  asce('Tulsa, OK', 36.15, -95.99, 'validation'),
  asce('Wichita, KS', 37.69, -97.34, 'calibration'),
  asce('Omaha, NE', 41.26, -95.94, 'validation'),
  asce('Des Moines, IA', 41.59, -93.62, 'calibration'),
  asce('Minneapolis, MN', 44.98, -93.27, 'validation'),
  asce('Milwaukee, WI', 43.04, -87.91, 'calibration'),
  asce('Detroit, MI', 42.33, -83.05, 'validation'),
  asce('Indianapolis, IN', 39.77, -86.16, 'calibration'),
  asce('Columbus, OH', 39.96, -83.0, 'validation'),
  asce('Cincinnati, OH', 39.1, -84.51, 'calibration'),
  asce('Louisville, KY', 38.25, -85.76, 'validation'),
  asce('St. Louis, MO', 38.63, -90.2, 'calibration'),
  asce('Memphis, TN', 35.15, -90.05, 'validation'),
  asce('Nashville, TN', 36.16, -86.78, 'calibration'),
  asce('Little Rock, AR', 34.75, -92.29, 'validation'),
  asce('Atlanta, GA', 33.75, -84.39, 'calibration'),
  asce('Pittsburgh, PA', 40.44, -80.0, 'validation'),
  asce('Albuquerque, NM', 35.08, -106.65, 'calibration'),
  asce('Phoenix, AZ', 33.45, -112.07, 'validation'),
  asce('Sioux Falls, SD', 43.55, -96.73, 'calibration'),
  asce('Bismarck, ND', 46.81, -100.78, 'validation'),
  asce('Birmingham, AL', 33.52, -86.8, 'calibration'),
  asce('Knoxville, TN', 35.96, -83.92, 'validation'),
  asce('Seattle, WA', 47.61, -122.33, 'calibration', true),
  asce('Portland, OR', 45.52, -122.68, 'validation', true),
  asce('Sacramento, CA', 38.58, -121.49, 'calibration', true),
  asce('San Francisco, CA', 37.77, -122.42, 'validation', true),
  asce('Los Angeles, CA', 34.05, -118.24, 'calibration', true),
  asce('San Diego, CA', 32.72, -117.16, 'validation', true),
];

/**
 * Eurocode basic wind velocity v_b,0 (50-yr 10-min mean, 10 m, terrain II) → 3-s
 * gust by EN 1991-1-4 §4.5's peak velocity, v_p = v_b·√(1 + 7·I_v), I_v = 1/ln(10 m / 0.05 m).
 */
export const EUROCODE_GUST_FACTOR = Math.sqrt(1 + 7 / Math.log(10 / 0.05));

function eurocode(place: string, latitude: number, longitude: number, role: ReferenceRole, vb0: number, annex: string): DesignGust {
  return {
    place,
    latitude,
    longitude,
    role,
    levels: [[50, vb0 * EUROCODE_GUST_FACTOR, `${annex}: v_b,0 = ${vb0} m/s (10-min) × ${EUROCODE_GUST_FACTOR.toFixed(3)} (EN 1991-1-4 §4.5 peak factor)`]],
  };
}

const DIN = 'DIN EN 1991-1-4/NA:2010-12 wind zone';
export const EUROCODE_CITIES: readonly DesignGust[] = [
  eurocode('Munich, DE', 48.14, 11.58, 'calibration', 22.5, `${DIN} 1`),
  eurocode('Frankfurt, DE', 50.11, 8.68, 'validation', 22.5, `${DIN} 1`),
  eurocode('Berlin, DE', 52.52, 13.4, 'calibration', 25.0, `${DIN} 2`),
  eurocode('Cuxhaven, DE (North Sea coast)', 53.87, 8.7, 'validation', 30.0, `${DIN} 4`),
  eurocode('Paris, FR', 48.86, 2.35, 'calibration', 24, 'NF EN 1991-1-4/NA (2008) région 2'),
  eurocode('Brest, FR', 48.39, -4.49, 'validation', 28, 'NF EN 1991-1-4/NA (2008) région 4 (Finistère)'),
  eurocode('Amsterdam, NL', 52.37, 4.9, 'calibration', 27.0, 'NEN-EN 1991-1-4/NA (2007) zone II'),
  eurocode('Madrid, ES', 40.42, -3.7, 'validation', 26, 'CTE DB SE-AE (2009) Anejo D zona A'),
  eurocode('Rome, IT', 41.9, 12.5, 'calibration', 27, 'NTC 2018 §3.3.1 zona 3'),
  eurocode('Milan, IT', 45.46, 9.19, 'validation', 25, 'NTC 2018 §3.3.1 zona 1'),
  eurocode('Copenhagen, DK', 55.68, 12.57, 'calibration', 24, 'DS/EN 1991-1-4 DK NA (2010)'),
  eurocode('Warsaw, PL', 52.23, 21.01, 'validation', 22, 'PN-EN 1991-1-4 NA (2008) strefa 1'),
];

/**
 * Hurricane coast: a true 700-yr value (ASCE 7-05's hurricane contours are not
 * 50-yr values). Validation only; the level comes from the TropicalCyclone term.
 */
export const HURRICANE_COAST: readonly DesignGust[] = [
  {
    place: 'Miami, FL',
    latitude: 25.77,
    longitude: -80.19,
    role: 'validation',
    levels: [[700, 175 * MS_PER_MPH, 'ASCE 7-16 Fig. 26.5-1B (Risk Category II, 700-yr), Miami-Dade as adopted by the Florida Building Code 7th ed. (2020): 175 mph']],
  },
];
