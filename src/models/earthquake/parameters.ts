/**
 * Every number that shapes the Earthquake table, one table per concern. The
 * method page docs/models/earthquake.md explains and cites each of them.
 */

/** Merging ISC-GEM (≤ 2012) with ComCat: the last ISC-GEM year and the duplicate window. */
export const MERGE = {
  iscGemLastYear: 2012,
  /** Two entries closer than this in time and epicentre are one event. */
  maxSeconds: 60,
  maxKm: 100,
} as const;

/** Scordilis (2006) mb/Ms → Mw regressions (J. Seismology 10:225–236). */
export const MAGNITUDE_CONVERSION = {
  mb: { slope: 0.85, intercept: 1.03 },
  msLow: { slope: 0.67, intercept: 2.07, upTo: 6.1 },
  msHigh: { slope: 0.99, intercept: 0.08 },
} as const;

/**
 * Completeness periods of the merged, declustered catalogue (Stepp 1972 analysis
 * in docs/models/earthquake.md, consistent with Storchak et al. 2013): a magnitude
 * class [from, next from) counts from `since` to `until` (decimal years).
 */
export const COMPLETENESS = {
  until: 2023.84,
  classes: [
    { from: 5.5, since: 1964 },
    { from: 6.0, since: 1950 },
    { from: 7.0, since: 1930 },
    { from: 7.5, since: 1918 },
    { from: 8.0, since: 1900 },
  ],
} as const;

/** Gutenberg–Richter recurrence and magnitude integration. */
export const RECURRENCE = {
  /**
   * Global b-value: Weichert (1980) maximum likelihood on the declustered catalogue
   * (Mw ≥ 6.0 with the completeness periods above) gives 0.914; Kagan (2002) and
   * Bird & Kagan (2004) report β ≈ 0.6–0.67 (b = 1.5β ≈ 0.9–1.0) for undeclustered catalogues.
   */
  bValue: 0.91,
  /** Smallest magnitude integrated in the hazard (GR extrapolated below the lowest completeness class). */
  mMin: 4.5,
  /** Magnitude bin width of the integration. */
  binWidth: 0.1,
  /** Mmax = largest Mw observed within `mmaxRadiusKm` + `mmaxIncrement`, clamped to [floor, ceiling]. */
  mmaxRadiusKm: 200,
  mmaxIncrement: 0.5,
  mmaxFloor: 6.5,
  mmaxCeiling: 9.5,
} as const;

/** Helmstetter et al. (2007) adaptive power-law kernel. */
export const SMOOTHING = {
  /** Bandwidth = epicentral distance to the n-th nearest neighbouring event. */
  neighbour: 5,
  minBandwidthKm: 20,
  maxBandwidthKm: 300,
  /** Kernel truncated here and renormalised so that every event keeps weight 1. */
  truncationKm: 1000,
} as const;

/** Gardner & Knopoff (1974) windows, in the fitted form of van Stiphout et al. (2012). */
export const DECLUSTER = {
  distance: { slope: 0.1238, intercept: 0.983 },
  timeSmall: { slope: 0.5409, intercept: -0.547 },
  timeLarge: { slope: 0.032, intercept: 2.7389, from: 6.5 },
} as const;

/**
 * Hypocentral depth classes (km) of the sources: `depth` is the class's
 * representative depth, `type` the Zhao et al. (2006) source type used for PGA
 * (no slab geometry is available, so depth decides: < 20 km crustal, 20–40 km
 * interface, deeper intraslab).
 */
export const DEPTH_CLASSES = [
  { upTo: 20, depth: 10, type: 'crustal' },
  { upTo: 40, depth: 30, type: 'interface' },
  { upTo: 70, depth: 55, type: 'slab' },
  { upTo: 150, depth: 110, type: 'slab' },
  { upTo: 300, depth: 225, type: 'slab' },
  { upTo: Infinity, depth: 450, type: 'slab' },
] as const;

/** Hazard integration. */
export const INTEGRATION = {
  /** Ground motion counted only from ruptures within this rupture distance (AWW12's data range). */
  maxRuptureKm: 300,
  /** Epicentral-distance step of the precomputed exceedance tables. */
  distanceStepKm: 2,
  /** Strikes sampled for the random-strike finite-fault approximation (over 0–90°, by symmetry). */
  strikes: 8,
  /** Aleatory variability truncated at this many standard deviations (OpenQuake truncation_level). */
  truncationSigma: 3,
  /** Integer intensity I is reached when the continuous prediction reaches I − 0.5. */
  intensityContinuityCorrection: 0.5,
  /** Sources whose rate of M ≥ mMin is below this are skipped (events per year). */
  minSourceRate: 1e-9,
} as const;

/** Sites: land and near-shore cells of the 0.5° grid. */
export const COVERAGE = {
  step: 0.5,
  /** Cells with mean elevation above this are covered (continental shelf edge). */
  minElevationM: -200,
  /** Rings of ocean cells added around them so coastal points resolve. */
  extraRings: 1,
} as const;
