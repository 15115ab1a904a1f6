/**
 * Every constant of the Wildfire model, with the reason for its value; the
 * method page (docs/models/wildfire.md) lists the same table.
 */
export const WILDFIRE = {
  /** The registry's single threshold "Severe": a fire burning more than 5 ha. */
  severeAreaHa: 5,
  /**
   * Observation windows of the CAL FIRE incident list used for the spatial pattern
   * (SOURCE.md: the scraper stopped on 10 June 2025 and the list runs to 8 August 2026);
   * partial years count by their share of California's fire season.
   */
  incidentWindows: [
    ['2013-01-01', '2024-12-31'],
    ['2025-01-01', '2025-06-10'],
    ['2026-01-01', '2026-08-08'],
  ],
  /** California's statewide level: FRAP fires ≥ 100 ac for these years … */
  frapLevelYears: [1990, 2017],
  /** … continued by the incident list (complete enough from 2017 on) for these. */
  incidentLevelYears: [2018, 2024],
  /** Years the ICNF register covers (SOURCE.md); a year without a fire > 5 ha still counts. */
  portugalYears: [...Array.from({ length: 21 }, (_, i) => 1980 + i), 2014],
  /** Candidate Gaussian bandwidths (km) for smoothing observed burnt area; odd/even-year cross-validation picks one. */
  bandwidthCandidatesKm: [25, 50, 75, 100, 150, 200, 300, 500],
  /**
   * Gaussian kernel sums (toolkit/smoothing.ts kernelSums, the ratio-of-kernels
   * rate of Diggle 1985) drop weights beyond this many bandwidths.
   */
  kernelTruncateSigmas: 3,
  /** A cell calibrates the climate model when ≥ this share of its land lies in a calibration region … */
  calibrationShare: 0.5,
  /** … and it is at least this much land (coastal slivers are noisy). */
  calibrationLand: 0.3,
  /** Fire-season exponent k (share of month ∝ VPDᵏ) is fitted on this grid. */
  vpdExponentGrid: { from: 1, to: 8, step: 0.1 },
  /** Day-of-year smoothing of seasonal profiles (days, Gaussian σ). */
  seasonSmoothingDays: 10,
  /** Climate season profiles are shared by cells of one Köppen class within a latitude band (degrees). */
  profileBandDeg: 10,
  /** Ice caps: no fuel, no model. */
  noCoverageClasses: ['EF'],
  /**
   * Located fires are discs of their burnt area around the reported point (the
   * records have no perimeters); discs wider than this radius (km) are spread
   * over the cells they overlap …
   */
  smallDiscKm: 5,
  /** … by sampling a lattice of this many points across the diameter (each way). */
  discLattice: 21,
} as const;

/**
 * Net primary productivity of the Miami model (Lieth 1975), the fuel proxy:
 * NPP = min(maxNpp / (1 + exp(tempOffset − tempSlope·T)), maxNpp (1 − exp(−precipSlope·P))) g m⁻² yr⁻¹.
 */
export const MIAMI = { maxNpp: 3000, tempOffset: 1.315, tempSlope: 0.119, precipSlope: 0.000664 } as const;

/** Months of the CRU normals, and the days of each in a mean year (29 February counts a quarter day). */
export const MONTHS = 12;
export const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
