/**
 * Every constant of the Wildfire model, with the reason for its value; the
 * method page (docs/models/wildfire.md) lists the same table. The observed
 * burned area by country is a table of its own (observed-burned-area.ts).
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
  /**
   * California's spatial pattern: FRAP fires of these years placed by their
   * reporting unit's incident points (frap-units.ts), before the incident list
   * (2013 on) takes over; 23 years beside the incidents' 12½.
   */
  frapPatternYears: [1990, 2012],
  /** Years the ICNF register covers (SOURCE.md); a year without a fire > 5 ha still counts. */
  portugalYears: [...Array.from({ length: 21 }, (_, i) => 1980 + i), 2014],
  /** Candidate exponents γ of the model pattern kept when smoothing the records (BP_modelᵞ); cross-validated with the bandwidth. */
  patternExponents: [0, 0.25, 0.5, 0.75, 1],
  /** Candidate Gaussian bandwidths (km) for smoothing observed burnt area; odd/even-year cross-validation picks one. */
  bandwidthCandidatesKm: [25, 50, 75, 100, 150, 200, 300, 500],
  /**
   * Gaussian kernel sums (toolkit/smoothing.ts kernelSums, the ratio-of-kernels
   * rate of Diggle 1985) drop weights beyond this many bandwidths.
   */
  kernelTruncateSigmas: 3,
  /** Fire-season exponent k (share of month ∝ (ε + dryness)·VPDᵏ) is fitted on this grid. */
  vpdExponentGrid: { from: 1, to: 8, step: 0.1 },
  /**
   * ε of the season weights: a month without drought keeps this share of a dry
   * month's weight, so climates without a dry season burn in their hottest,
   * most evaporative months (boreal and humid temperate fire seasons).
   */
  wetMonthSeasonWeight: 0.1,
  /** Day-of-year smoothing of seasonal profiles (days, Gaussian σ). */
  seasonSmoothingDays: 10,
  /** Climate season profiles are shared by cells of one Köppen class within a latitude band (degrees). */
  profileBandDeg: 10,
  /** Ice caps: no fuel, no model. */
  noCoverageClasses: ['EF'] as readonly string[],
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
 * The fire-climate model (fire-climate.ts): both limbs of the fire–productivity
 * hump (Pausas & Ribeiro 2013; Krawchuk & Moritz 2011) and the built-up land
 * that cannot burn.
 */
export const FIRE_CLIMATE = {
  /**
   * A month is dry when its precipitation (mm) is below twice its mean
   * temperature (°C) (Bagnouls & Gaussen 1957, the Walter–Lieth climate diagram
   * convention); made continuous as a logistic of (2T − P) with this width (mm),
   * so neighbouring cells do not jump by whole months.
   */
  dryMonthWidthMm: 10,
  /**
   * Fuel limit: the precipitation limb of the Miami model (Lieth 1975),
   * 3000 (1 − e^(−0.000664 P)) g m⁻² yr⁻¹, floored so ln stays finite in the
   * Sahara; entered as ln(NPP / centre) so the intercept is the rate at a
   * middling productivity and the fit's coefficients stay of order one.
   */
  productivity: { maxNpp: 3000, precipSlope: 0.000664, floor: 10, centre: 1000 },
  /**
   * Treeline: a warmest month below 10 °C is tundra or alpine (Köppen's ET
   * boundary, Kottek et al. 2006), where fuel is sparse and discontinuous. Fuel
   * continuity is a logistic in the warmest month with this centre and width
   * (°C): 0.5 at 10 °C, 0.12 at 8 °C, 0.02 at 6 °C. An assumption, not fitted:
   * country totals mix tundra with boreal forest and cannot separate them.
   */
  treeline: { warmestMonthC: 10, widthC: 1 },
  /**
   * Cold winters: the continental boreal forests (Siberian larch, Canadian
   * spruce) burn in lightning-lit crown fires without a dry season. The
   * indicator is a logistic in the coldest month's mean with this centre and
   * width (°C); the centre minimises the country-total deviance over −5 … −35 °C
   * in steps of 5 (table in docs/models/wildfire.md; the bench script repeats
   * the scan).
   */
  coldWinter: { coldestMonthC: -25, widthC: 3, scanC: [-5, -10, -15, -20, -25, -30, -35] },
  /**
   * Summer-drought climates (Köppen Cs: the driest summer month under 40 mm and a
   * third of the wettest winter month; Kottek et al. 2006) burn shrubs grown by
   * winter rain, with fire-return intervals of decades (Keeley et al. 2011),
   * where a savanna burns the grass of each summer's rain. An indicator: with it
   * the country-total deviance falls from 2.04 to 1.88 × 10⁶ km².
   */
  mediterraneanClass: 'Cs',
  /**
   * People per km² of built-up land, for the share of a cell that is city and
   * cannot burn (share = GeoNames people / land / this). Built-up densities
   * differ several-fold between regions, lowest in US and Australian cities and
   * highest in Asian and African ones (Angel et al. 2011); 5,000 lies inside
   * that range and allows for the gazetteer listing a metropolis's districts
   * beside the city. An assumption: country totals cannot identify it (the
   * fit's deviance changes by under 2 % between 1,500 and 6,000).
   */
  builtUpDensityPerKm2: 5000,
  /**
   * The least unbuilt share of a cell: parks, heath, river banks and
   * wasteland of even the densest city cell (an assumption: a tenth).
   */
  minUnbuiltShare: 0.1,
  /** Fisher scoring of the grouped Poisson fit stops when no coefficient moves more than this. */
  fitTolerance: 1e-8,
  fitMaxIterations: 200,
  /** Ridge (km² of expected burning per unit slope²) that keeps the scoring solvable when groups cannot identify a slope. */
  fitRidge: 1e-6,
  /** Step halving gives up below this fraction of the scoring step (the objective is then flat to rounding). */
  fitMinStepScale: 1e-6,
} as const;

/**
 * How GWIS country totals calibrate the model (country-calibration.ts).
 */
export const COUNTRY_CALIBRATION = {
  /**
   * Countries whose GWIS figure covers only the home territory while the
   * Natural Earth polygon carries overseas parts: the calibration uses the
   * cells inside this box [west, south, east, north]; the rest take the
   * neighbourhood level.
   */
  homeBoxes: {
    '250': [-5.5, 41, 10, 51.5], // France: metropolitan France and Corsica (French Guiana, Réunion … are listed apart)
    '528': [3, 50.5, 7.5, 54], // Netherlands: European part (Aruba, Curaçao, Bonaire are listed apart)
  } as Readonly<Record<string, readonly [number, number, number, number]>>,
  /**
   * Cells of countries without a table row (under 10,000 km² of land) take
   * exp of the land-weighted Gaussian mean of ln(country factor) around them,
   * with this bandwidth (km): the level of their neighbours.
   */
  neighbourhoodSigmaKm: 500,
  /**
   * The largest country factor K (observed ÷ modelled burnt area) is
   * exp(mean + this many standard deviations) of ln K weighted by burnt area:
   * a K beyond the spread of the countries where the world's fire burns is
   * burning the climate does not explain (land use), and the observed area
   * beyond the cap is spread evenly over the country's burnable land. Two
   * standard deviations: an assumption.
   */
  factorCapSds: 2,
} as const;
