/**
 * Every number the weather builder uses that is not fitted from the catalogues,
 * one table per concern. docs/models/{rain,max-wind-gust,cumulative-rain,cumulativesnow}.md
 * give the source of each value; the fitted numbers are written to each table's meta.parameters.
 */
import type { CruVariable } from '../../catalogues/registry.js';
import { DAYS_PER_YEAR } from '../../engine/formulas.js';
import { SAFFIR_SIMPSON_KNOTS } from '../../engine/perils.js';

/** The CRU CL 1.0 variables the generator and the gust model read (the grid is src/catalogues/cru.ts CRU_GRID). */
export const CRU_VARIABLES = ['pre', 'wet', 'tmp', 'dtr', 'wnd'] as const satisfies readonly CruVariable[];
export type WeatherCruVariable = (typeof CRU_VARIABLES)[number];

/** Rings of ocean cells given the nearest land row so coastal points resolve. */
export const COVERAGE_RINGS = 1;

/** Days per calendar month in a mean year (February 28.25), for monthly ↔ daily conversions. */
export const MEAN_DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
/**
 * The mean month, 365.25 / 12 = 30.4375 days: the month of the SPC seasonal
 * smoothing, and HCN's monthly precipitation is mean daily precipitation × this
 * (ushcn-daily-derived/SOURCE.md).
 */
export const MEAN_DAYS_PER_MONTH = DAYS_PER_YEAR / 12;

/** The daily precipitation generator and its calibration against US HCN. */
export const GENERATOR = {
  /** Wet-day threshold of the generator (mm): HCN's Markov and gamma parameters use ≥ 1 mm. */
  wetDayMm: 1,
  /** Upper-tail probability of HCN wet_q99_mm, one of the two quantiles the gamma shape matches. */
  tailProbability: 0.01,
  /** Gamma shapes and upper-tail probabilities spanned by the tail-quantile table. */
  shapeRange: [0.05, 20] as const,
  shapeLookupPoints: 160,
  tailRange: [1e-5, 0.05] as const,
  tailLookupPoints: 40,
  /** Regression covariates are clamped to these quantiles of the HCN calibration sample. */
  covariateQuantiles: [0.01, 0.99] as const,
  /** Occurrence ratio P(≥ 1 mm)/P(CRU wet day) is clipped here before the logit. */
  occurrenceRatioClip: [0.02, 0.98] as const,
  /** Persistence ρ = p11 − p01 is kept in this range (non-negative: wet spells cluster). */
  persistenceRange: [0, 0.9] as const,
  /** μ(≥ 1 mm days) keeps at least this share of the monthly mean after removing sub-1 mm days. */
  minHeavyDayShare: 0.5,
  /** Amount (mm) put on a wet day of a month that has no wet days; it never matters (π = 0). */
  dryMonthWetDayMm: 1,
} as const;

/** Rain/snow partition and snow amounts, fitted on HCN snowfall statistics. */
export const SNOW = {
  /** Gauss–Newton start for (threshold °C, σ intercept °C, σ per °C of DTR). */
  start: [1, 3, 0.1] as const,
  iterations: 60,
  /** Smallest σ the fit may use (°C), keeps Φ finite. */
  minSigma: 0.5,
  /** Snow is in cm, HCN snowfall in mm. */
  mmPerCm: 10,
  /** Temperature bins (°C, CRU monthly mean) of the effective snow-to-liquid ratio: edges. */
  ratioBinEdges: [-16, -12, -8, -6, -4, -2, 0, 2, 4, 6] as const,
  /** A bin needs this many station-months. */
  ratioBinMinMonths: 20,
  /** Station-months whose modelled snow water is below this (mm/month) do not inform the ratio. */
  ratioMinWaterMm: 2,
  /** Snow-day gamma shapes searched when matching the median annual 1-day snowfall maximum. */
  shapeRange: [0.3, 20] as const,
  /** Stations whose observed median annual 1-day snowfall is below this (cm) do not inform the shape. */
  shapeMinMedianCm: 5,
} as const;

/**
 * Snow amounts are calibrated on stations whose id ends in an odd digit; the
 * others are held out for validation (station-validation.ts).
 */
export function isSnowCalibrationStation(id: string): boolean {
  return Number(id.slice(-1)) % 2 === 1;
}

/** US HCN annual series used for calibration and validation. */
export const HCN_SERIES = {
  minYears: 30,
  minValidDays: 330,
} as const;

/** Background (non-convective) gust model on CRU mean 10 m wind. */
export const WIND = {
  /** Weibull shape of the day's highest 10-min mean wind within a month (Rayleigh). */
  weibullShape: 2,
  /** Mean of the day's highest 10-min wind ÷ monthly mean wind (assumption, see the method page). */
  dailyMaxToMonthlyMean: 1.2,
  /** 3-s gust ÷ 10-min mean, WMO/TD-1555 Table 1.1 "in-land" exposure. */
  gustFactor3sOver600s: 1.66,
  /** Monthly means outside this range (m/s) are interpolation artefacts and treated as missing. */
  validRange: [0, 12] as const,
  /** A cell without a usable wind takes the nearest usable cell's within this many cells. */
  fillRadiusCells: 4,
} as const;

/** Convective gusts from SPC wind reports. */
export const SPC = {
  years: [2022, 2023, 2024, 2025] as const,
  knotsToMetresPerSecond: 0.514444,
  /** Gaussian kernel SD (km), as SPC/NSSL severe-report climatologies (Doswell et al. 2005). */
  kernelSigmaKm: 120,
  kernelCutoffSigmas: 3,
  /** Temporal smoothing SD (days) between calendar months, as Doswell et al. (2005). */
  seasonSigmaDays: 15,
  /** Area (km²) over which one report's gust is taken to be reached: a 4 km × 8 km macroburst. */
  footprintKm2: 32,
  /** A cell receives the convective term only if a report lies within this distance (km). */
  domainRadiusKm: 120,
} as const;

/** Tropical-cyclone contribution from the TropicalCyclone table. */
export const TC = {
  /** 1-min sustained (the table's Saffir–Simpson thresholds) → 3-s gust, WMO/TD-1555 "off-sea". */
  gustFactor3sOver60s: 1.23,
  categoryKnots: SAFFIR_SIMPSON_KNOTS,
} as const;

/** Earth radius of the convective kernel distances (spc-gusts.ts), km. */
export const EARTH_RADIUS_KM = 6371;
