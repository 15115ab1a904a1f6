import type { GridDef } from '../../engine/table-spec.js';

/**
 * Every number that shapes the severe-convective tables, one table per concern.
 * Each is stated and referenced in docs/models/us-tornado.md and docs/models/hail.md.
 */

/** 0.25° grid over the contiguous-US bounding box 24–50° N, 125–66° W. */
export const CONUS_GRID: GridDef = { lat0: 24, lon0: -125, dlat: 0.25, dlon: 0.25, nlat: 104, nlon: 236 };

/** Distances, cell areas and km per degree use the Earth of src/geo/sphere.ts (its mean radius). */
export const GEOMETRY = {
  /** A cell is covered when its centre lies within this distance of any SPC tornado or hail report. */
  coverageRadiusKm: 60,
  /** Kernel truncation, in standard deviations (weights renormalised to sum 1). */
  kernelTruncationSigmas: 3,
  /** Tracks are spread over points at most this far apart before smoothing. */
  trackStepKm: 2.5,
} as const;


export const TORNADO = {
  /** Gaussian kernel σ for path-area density (Brooks, Doswell & Kay 2003 use 120 km). */
  kernelSigmaKm: 120,
  /** Tornadoes rated below this class (and unrated ones) are counted only from `weakFirstYear`. */
  strongFromClass: 2,
  /** EF2+ are taken from 1950: unlike EF0–1 their counts show no reporting growth (Verbout et al. 2006). */
  strongFirstYear: 1950,
  /** EF0–EF1 reports stabilised after the mid-1990s (NEXRAD, Verbout et al. 2006). */
  weakFirstYear: 1995,
  lastYear: 2023,
  /** Unrated tornadoes (SPC −9 / empty, "EFU") are counted as this class. */
  unratedClass: 0,
  /**
   * From this class up, λ_k = λ_{tail−1} × (share of ≥ k in the ≥ tail−1 intensity area,
   * both smoothed with `tailKernelSigmaKm`): 587 EF4 and 59 EF5 tracks are too few
   * for a 120 km kernel, so the intensity distribution is taken at regional scale.
   */
  tailFromClass: 3,
  tailKernelSigmaKm: 400,
} as const;

export const HAIL = {
  /** Gaussian kernel σ for report density (Doswell, Brooks & Kay 2005 use 120 km). */
  kernelSigmaKm: 120,
  /** Wider σ for the local size distribution P(largest size ≥ s | cell-day ≥ 1 in). */
  sizeKernelSigmaKm: 300,
  /** Area (km²) of hail ≥ s one cell-day with a report ≥ s stands for: one hailstreak (Changnon 1970, 1977). Assumption. */
  swathAreaKm2: 20,
  /** Reports below this diameter (inches) are not severe and are dropped. */
  minimumSizeInches: 0.75,
  /** Report density is counted at this size (severe criterion since 2010, constant over all years). */
  baseSizeInches: 1,
  /** Weight of the modern density in the blend with the 1955–1989 spatial pattern. */
  modernWeight: 0.75,
  /** Years with the 0.75-inch severe criterion: they alone set the 0.75/1 in report ratio. */
  threeQuarterInchYears: [2005, 2006, 2007, 2008, 2009] as readonly number[],
} as const;

/**
 * Reporting correction of hail cell-days by population density (reporting-efficiency.ts).
 * Population: the geocoder's gazetteer (GeoNames places of about 1,000 people and more).
 */
export const HAIL_REPORTING = {
  /**
   * Lower edges (persons per km² of the 0.25° cell) of the density classes 1, 2, …: half
   * decades from 0.1 to 316; class 0 holds cells with no listed place. The densest class
   * (≥ 316 per km², big-city cells) is the reference of complete reporting.
   */
  densityEdgesPerKm2: [0, 0.1, 0.316, 1, 3.16, 10, 31.6, 100, 316] as readonly number[],
  /** Fixed-point iterations of the fit (the efficiencies change by < 1 % after about five). */
  iterations: 8,
  /** Floor of a fitted efficiency (never reached with the SPC data; guards sparse samples). */
  minEfficiency: 0.05,
} as const;

export const HAIL_YEARS = {
  /** Only the spatial pattern is taken from these (reporting far from today's). */
  early: range(1955, 1989),
  /** These carry the frequency. */
  modern: [...range(2005, 2011), 2016, 2020, ...range(2022, 2025)],
  /** Years whose file stops early: year → last month present (2024 has no Nov–Dec rows). */
  lastMonth: { 2024: 10 } as Readonly<Record<number, number>>,
} as const;

export const PROFILES = {
  /** Circular Gaussian σ of the seasonal profile in days (Brooks et al. 2003 use 15 days). */
  seasonSigmaDays: 15,
  /** Circular Gaussian σ of the diurnal profile in hours (spreads clock-hour rounding of reports). */
  diurnalSigmaHours: 1,
} as const;

/** Hours to add to an SPC clock time to get UTC, by the catalogues' time-zone codes. */
export const UTC_OFFSET_HOURS: Readonly<Record<string, number>> = {
  CST: 6, // 1950–2022 tornado file
  MST: 7,
  UTC: 0,
  '3': 6, // SPC tz = 3: CST
  '9': 0, // SPC tz = 9: GMT
  '0': 6, // SPC tz = 0: unknown; SPC convention is CST
};

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
