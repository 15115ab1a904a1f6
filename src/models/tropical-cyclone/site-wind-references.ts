import { KT_PER_MS } from '../../units.js';
import { MS_PER_MPH } from '../../units.js';
import { WIND_AVERAGING } from './parameters.js';
/**
 * Published site-wind return periods for the TropicalCyclone validation
 * (docs/models/tropical-cyclone.md §5): design-code wind climates at named
 * coastal cities, and the conversions that bring them to the table's quantity
 * (1-minute sustained wind at 10 m in open-water exposure, kt). Each row states
 * the published value; the code computes the reference return period at the
 * table's thresholds from it.
 */

/** Where a reference's numbers come from, and how they convert. */
export const CONVERSIONS = {
  /** 3-s gust over open land per 1-min sustained wind over water (parameters.ts WIND_AVERAGING). */
  gustOverLandPerSustainedOverWater: WIND_AVERAGING.gustOverLandPerSustainedOverWater,
  /**
   * 3-s gust per 10-min mean, both over open terrain at 10 m: the Durst (1960) curve as given in
   * ASCE 7 Commentary Fig. C26.5-1 (V3s/V3600 = 1.52, V600/V3600 = 1.06).
   */
  gustPerTenMinuteMeanOverLand: 1.52 / 1.06,
  /** WMO TD-1555 (Harper, Kepert & Ginger 2010) at-sea ratio of 10-min to 1-min mean winds. */
  tenMinutePerOneMinuteAtSea: 0.93,
} as const;

/** AS/NZS 1170.2:2021 Table 3.1 regional gust V_R = a − b·R^−0.1 (m/s, 3-s, 10 m, TC2); Mc (climate change) not applied. */
export const AS_NZS_REGIONS = {
  C: { a: 122, b: 104 },
  D: { a: 156, b: 142 },
} as const;

export type SiteWindReference =
  /** A published return-period curve of 3-s gusts over land: gust(R) in m/s. */
  | { kind: 'gustCurve'; city: string; lat: number; lon: number; region: keyof typeof AS_NZS_REGIONS; source: string; note: string }
  /** One published level at one return period, converted to the table's 1-min marine wind. */
  | { kind: 'level'; city: string; lat: number; lon: number; returnPeriodYears: number; sustainedKt: number; published: string; source: string; note: string };

const AS_NZS = 'AS/NZS 1170.2:2021 Table 3.1, regional 3-s gust V_R = a − b·R^−0.1';
const ASCE = 'ASCE 7-16 Fig. 26.5-1B, Risk Category II basic wind speed (700-yr MRI, 3-s gust, Exposure C)';
const JAPAN = 'Japan Building Standard Law, MLIT Notification 1454 (2000): basic wind speed V0, 10-min mean at 10 m, 50-yr return, open terrain';
const INDIA = 'IS 875 (Part 3):2015 Annex A: basic wind speed Vb, 3-s gust at 10 m, 50-yr return, terrain category 2';
const HKO = 'Hong Kong Observatory: Hurricane Signal No. 10 issued 16 times 1946–2023 (hurricane-force winds, 10-min mean ≥ 118 km/h, expected or blowing)';

/** 1-min marine sustained wind (kt) equivalent to a 3-s gust over land (m/s). */
const fromGust = (gustMs: number): number => (gustMs / CONVERSIONS.gustOverLandPerSustainedOverWater) * KT_PER_MS;
/** … to a 10-min mean over land (m/s). */
const fromTenMinuteLand = (meanMs: number): number => fromGust(meanMs * CONVERSIONS.gustPerTenMinuteMeanOverLand);

export const SITE_WIND_REFERENCES: readonly SiteWindReference[] = [
  { kind: 'gustCurve', city: 'Darwin', lat: -12.46, lon: 130.84, region: 'C', source: AS_NZS, note: 'Region C' },
  { kind: 'gustCurve', city: 'Townsville', lat: -19.26, lon: 146.82, region: 'C', source: AS_NZS, note: 'Region C' },
  { kind: 'gustCurve', city: 'Cairns', lat: -16.92, lon: 145.77, region: 'C', source: AS_NZS, note: 'Region C' },
  { kind: 'gustCurve', city: 'Port Hedland', lat: -20.31, lon: 118.58, region: 'D', source: AS_NZS, note: 'Region D' },
  { kind: 'level', city: 'Miami, FL', lat: 25.76, lon: -80.19, returnPeriodYears: 700, sustainedKt: fromGust(175 * MS_PER_MPH), published: '175 mph', source: ASCE, note: 'ASCE 7-16 Miami-Dade value' },
  { kind: 'level', city: 'Naha, Okinawa', lat: 26.21, lon: 127.68, returnPeriodYears: 50, sustainedKt: fromTenMinuteLand(46), published: 'V0 = 46 m/s', source: JAPAN, note: 'Okinawa, the highest V0 class' },
  { kind: 'level', city: 'Tokyo', lat: 35.68, lon: 139.69, returnPeriodYears: 50, sustainedKt: fromTenMinuteLand(34), published: 'V0 = 34 m/s', source: JAPAN, note: 'Tokyo 23 wards; V0 includes non-tropical storms' },
  { kind: 'level', city: 'Hong Kong', lat: 22.3, lon: 114.17, returnPeriodYears: 78 / 16, sustainedKt: 64 / CONVERSIONS.tenMinutePerOneMinuteAtSea, published: '16 in 78 yr', source: HKO, note: 'a forecast/observed signal for the territory, not one station' },
  { kind: 'level', city: 'Chennai', lat: 13.08, lon: 80.27, returnPeriodYears: 50, sustainedKt: fromGust(50), published: 'Vb = 50 m/s', source: INDIA, note: 'Vb covers all wind climates' },
  { kind: 'level', city: 'Visakhapatnam', lat: 17.69, lon: 83.22, returnPeriodYears: 50, sustainedKt: fromGust(50), published: 'Vb = 50 m/s', source: INDIA, note: 'Vb covers all wind climates' },
  { kind: 'level', city: 'Mumbai', lat: 19.08, lon: 72.88, returnPeriodYears: 50, sustainedKt: fromGust(44), published: 'Vb = 44 m/s', source: INDIA, note: 'Vb covers all wind climates (monsoon winds included)' },
];
