/**
 * Every number the weather builder uses that is not fitted from the catalogues,
 * one table per concern. docs/models/{rain,max-wind-gust,cumulative-rain,cumulativesnow}.md
 * give the source of each value; the fitted numbers are written to each table's
 * meta.parameters. Published reference values (NOAA Atlas 14, ASCE 7, Eurocode)
 * are in references.ts.
 */
import type { CruVariable } from '../../catalogues/registry.js';
import { SAFFIR_SIMPSON_KNOTS } from '../../engine/perils.js';
import { WIND_AVERAGING } from '../tropical-cyclone/parameters.js';

/** The CRU CL 1.0 variables the generator and the gust model read (the grid is src/catalogues/cru.ts CRU_GRID). */
export const CRU_VARIABLES = ['pre', 'wet', 'tmp', 'dtr', 'wnd'] as const satisfies readonly CruVariable[];
export type WeatherCruVariable = (typeof CRU_VARIABLES)[number];

/** Rings of ocean cells given the nearest land row so coastal points resolve. */
export const COVERAGE_RINGS = 1;

/**
 * The US HCN stations are split by id: every fitted number of the precipitation
 * tables (generator relations, tail shapes, the tropical-cyclone rain spread,
 * the multi-day variance factor, snow amounts) comes from stations whose id ends
 * in an odd digit; the stations ending in an even digit are held out for validation.
 */
export function isCalibrationStation(id: string): boolean {
  return Number(id.slice(-1)) % 2 === 1;
}

/** US HCN annual series used for calibration and validation. */
export const HCN_SERIES = {
  minYears: 30,
  minValidDays: 330,
} as const;

/** The daily precipitation generator and its calibration against US HCN. */
export const GENERATOR = {
  /** Wet-day threshold of the generator (mm): HCN's Markov and gamma parameters use ≥ 1 mm. */
  wetDayMm: 1,
  /** Upper-tail probability of HCN wet_q99_mm, the quantile the gamma shape matches. */
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

/**
 * The heavy upper tail of a wet day's amount (rain-tail.ts): above the gamma's
 * upper-`thresholdTail` quantile u the gamma is replaced by a generalised Pareto
 * tail with the same density at u (Furrer & Katz 2008) and shape ξ per climate group.
 */
export const RAIN_TAIL = {
  thresholdTail: 0.05,
  /** ξ is searched in this range: daily rainfall tails are unbounded (ξ ≥ 0 at most stations, Papalexiou & Koutsoyiannis 2013). */
  shapeRange: [0, 0.45] as const,
  /** Starting value and the value of a group with too few calibration stations: their global mean GEV shape 0.114. */
  shapePrior: 0.114,
  /** A group needs this many calibration stations for its own ξ. */
  minStations: 10,
  /** Calibration target: the median over stations of P(annual max ≥ station GEV level at this AEP) equals the AEP. */
  targetAep: 0.01,
  /** Alternating ξ-by-group and TC-spread fits. */
  rounds: 4,
  bisections: 30,
} as const;

/**
 * Köppen–Geiger classes (Kottek et al. 2006) → tail group. A CRU cell without a
 * class takes the nearest classified cell within `fillRadiusCells`, else `fallback`.
 */
export const CLIMATE_GROUPS = {
  groups: ['humid', 'continental', 'steppe', 'desert', 'dry-summer'] as const,
  fillRadiusCells: 5,
  fallback: 'humid',
} as const;

/** Tropical-cyclone rain from best tracks (tc-rain.ts): the R-CLIPER symmetric rain-rate profile. */
export const TC_RAIN = {
  /** Tuleya et al. (2007) Table 2 (NHC bias-adjusted): T0 = a1 + b1·U, Tm = a2 + b2·U (in/day), rm = a3 + b3·U, re = a4 + b4·U (km). */
  rcliper: { a1: -1.1, b1: 3.96, a2: -1.6, b2: 4.8, a3: 64.5, b3: -13, a4: 150, b4: -16 },
  /** U = 1 + (Vmax − 35 kt)/33 kt. */
  referenceKt: 35,
  unitKt: 33,
  /** Rain beyond this distance from the centre is ignored (R-CLIPER's rate there is < 2 % of its peak). */
  maxRadiusKm: 500,
  /** Track positions are interpolated to this step (hours) between fixes; longer gaps are skipped. */
  stepHours: 1,
  maxGapHours: 12,
  /** A storm-day adds to the climatology only with at least this much rain (mm). */
  minDayMm: 1,
  /** Seasons counted per basin (inclusive) and divided by to give annual rates; the reliable eras of the TropicalCyclone model. */
  periods: { NA: [1950, 2025], EP: [1971, 2023], CP: [1971, 2023], WP: [1970, 2021], NI: [1982, 2023], SI: [1982, 2019], SP: [1982, 2019] } as const,
  /** Lognormal spread (σ of ln) of a point's storm-day total around R-CLIPER's mean: search range, prior, and calibration stations. */
  spreadRange: [0.05, 2] as const,
  spreadPrior: 0.6,
  minCoastStations: 5,
  /** Hurricane-coast HCN stations: these states, within this distance (km) of the Natural Earth coastline. */
  coastStates: ['TX', 'LA', 'MS', 'AL', 'FL', 'GA', 'SC', 'NC'] as const,
  coastKm: 50,
} as const;

/** CumulativeRain: a wet day's amount is the gamma with the Rain day's mean and `factor` × its variance. */
export const MULTIDAY = {
  /** The factor is fitted on calibration stations so mean P(Rx5day ≥ targetMm) matches the observed; search range. */
  factorRange: [1, 3] as const,
  targetMm: 200,
  blockDays: 5,
  bisections: 12,
} as const;

/** Weiss (1964), WMO-No. 1045 Table 4.4: fixed-interval → true-interval maxima, by number of daily units. */
export const WEISS_FACTORS: Readonly<Record<number, number>> = { 1: 1.13, 3: 1.03, 5: 1.02 };

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
 * Background gusts on CRU mean 10 m wind (wind-background.ts), two competing
 * components: ordinary days (Weibull(2) with literature gust factors) and a storm
 * tail, Weibull(k, c_m) with mean s·U_ref·(U_m/U_ref)^b, whose (s, b, k) and the
 * convective footprint factor are fitted to design-wind references (wind-calibration.ts).
 */
export const WIND = {
  /** Ordinary days: the day's highest 10-min mean wind is Rayleigh (Weibull shape 2, IEC 61400-1) with mean M·U… */
  ordinaryShape: 2,
  /** …M = 1.2, an assumption (no station wind series)… */
  dailyMaxToMonthlyMean: 1.2,
  /** …and the 3-s gust is G = 1.66 × the 10-min mean, WMO/TD-1555 Table 1.1 "in-land" exposure. */
  gustFactor3sOver600s: 1.66,
  referenceMs: 5,
  /**
   * Search box of the storm-tail fit and its starting point. The footprint factor spans the area one
   * SPC report can stand for, a few km² to a 30 km × 10 km swath (Trapp et al. 2006): 0.1–10 × 32 km².
   */
  bounds: { s: [0.1, 4], b: [0, 1.5], k: [0.5, 4], footprint: [0.1, 10] } as const,
  start: { s: 1, b: 0.5, k: 1, footprint: 1 },
  /** Nelder–Mead: iterations and initial step (fraction of the box). */
  iterations: 400,
  initialStep: 0.15,
  /** Gust speeds (m/s) on which the annual curves of the fit are evaluated. */
  curveSpeeds: [15, 90] as const,
  /** The fit needs at least this many covered reference places; otherwise the starting point is kept. */
  minReferences: 4,
  /** Monthly means outside this range (m/s) are interpolation artefacts and treated as missing. */
  validRange: [0, 12] as const,
  /** A cell without a usable wind takes the nearest usable cell's within this many cells. */
  fillRadiusCells: 4,
} as const;

/** Convective gusts from SPC wind reports. */
export const SPC = {
  years: [2022, 2023, 2024, 2025] as const,
  /** Gaussian kernel SD (km), as SPC/NSSL severe-report climatologies (Doswell et al. 2005). */
  kernelSigmaKm: 120,
  kernelCutoffSigmas: 3,
  /** Temporal smoothing SD (days) between calendar months, as Doswell et al. (2005). */
  seasonSigmaDays: 15,
  /** Area (km²) one report stands for before calibration: a 4 km × 8 km macroburst (Fujita 1985); the fit scales it. */
  footprintKm2: 32,
  /** A cell receives the convective term only if a report lies within this distance (km). */
  domainRadiusKm: 120,
} as const;

/** Tropical-cyclone contribution from the TropicalCyclone table. */
export const TC = {
  /**
   * 1-min sustained over water (the table's Saffir–Simpson thresholds) → 3-s gust over open land: the
   * factor the TropicalCyclone model converts its site-wind references with (ASCE 7-10 Table C26.5-2).
   */
  gustFactor3sOver60s: WIND_AVERAGING.gustOverLandPerSustainedOverWater,
  categoryKnots: SAFFIR_SIMPSON_KNOTS,
} as const;
