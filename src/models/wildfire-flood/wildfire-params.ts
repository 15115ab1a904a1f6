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
} as const;
