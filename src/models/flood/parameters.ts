/**
 * Every constant of the FloodLivePlus model with the reason for its value; the
 * method page (docs/models/flood-live-plus.md) lists the same table.
 */
export const FLOOD = {
  /**
   * Empirical-Bayes weight of the regional rate, in years of record: a cell's
   * event rate is (N + k·m)/(T + k), m the regional rate (Clayton & Kaldor 1987).
   */
  priorYears: 10,
  /** Gaussian bandwidth (km) of the regional event-coverage rate m. */
  regionalSigmaKm: 500,
  /** The Gaussian kernel sums of m (toolkit/smoothing.ts kernelSums) drop weights beyond this many bandwidths. */
  kernelTruncateSigmas: 3,
  /**
   * Tellman et al. (2021): 913 DFO events of 2000–2018 mapped from MODIS inundated
   * 2.23 million km² in total. Divided by the DFO affected area of an average event
   * of those years this gives the mean inundated share of an affected region.
   */
  tellman: { inundatedKm2: 2.23e6, events: 913, years: [2000, 2018] },
  /**
   * Relative elevation (HAND-like): cell mean minus the lowest mean within ±ring cells (m);
   * susceptibility falls as exp(−H/scale) to a floor for the valley floors every hilly cell has.
   */
  relativeElevation: { ring: 1, scaleM: 50, floor: 0.1 },
  /** Proximity of land to mapped water: exp(−d/scale) on a 0.1° grid; floor for unmapped streams and rain. */
  water: { scaleKm: 10, floor: 0.2 },
  /** A point cannot be inundated more often than its region is affected. */
  maxInundationShare: 1,
  /**
   * Depth given inundation is exponential with a mean growing with the Gumbel
   * reduced variate y = −ln(−ln(1 − 1/T)) of the class's representative return
   * period T (10–20 y → 14.1 y, 20–100 y → 44.7 y, > 100 y → 200 y):
   * mean = baseDepthM · y(T) / y(14.1 y).
   */
  depth: { baseDepthM: 0.5, representativeYears: { 1: 14.1, 1.5: 44.7, 2: 200 } },
  /** Seasonal profiles: 10° blocks; events weighted by a Gaussian of centroid distance. */
  season: { blockDeg: 10, sigmaKm: 750, smoothingDays: 10, pseudoEvents: 1 },
  /** No coverage south of this latitude (Antarctica). */
  southernLimitDeg: -60,
} as const;
