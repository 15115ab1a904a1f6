/**
 * Every constant of the FloodLivePlus model with the reason for its value; the
 * method page (docs/models/flood-live-plus.md) lists the same table. The
 * protection standards are a table of their own (protection.ts).
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
   * of those years this gives the mean inundated share of an affected region,
   * which calibrates the share of low land a flood fills (stage.ts).
   */
  tellman: { inundatedKm2: 2.23e6, events: 913, years: [2000, 2018] },
  /**
   * Representative return period (years) of each DFO severity class: the
   * geometric middle of 10–20 y (class 1) and 20–100 y (class 1.5); class 2
   * (> 100 y) is a tail whose median under a 1/T exceedance law is 2 × 100 y.
   * Class bounds [lower, upper] are used to split a class at a protection standard.
   */
  severityClasses: {
    1: { years: 14.1, bounds: [10, 20] },
    1.5: { years: 44.7, bounds: [20, 100] },
    2: { years: 200, bounds: [100, Infinity] },
  },
  /**
   * Stage (m above the drainage) of the class-1 (10–20-year) flood: an
   * assumption, as no depth data are at hand. With HAND rising evenly from the
   * channel, the mean depth over the land it floods is half the stage, 0.75 m
   * (the former model assumed 0.5 m); the 100-year flood stands at 2.6 m and the
   * 200-year at 3.0 m (stage.ts).
   */
  classOneStageM: 1.5,
  /**
   * Defended share of a cell (defended-share.ts): only built-up land is behind
   * the protection standard, p = min(maxShare, E · P / (D · land km²)), P the
   * gazetteer people of the cell. D (inh/km²) is the mean density of city land
   * by income group, OECD (2020) Regions and Cities at a Glance, Fig. 4.13:
   * 2,800 in high-income countries; the other countries take the upper-middle
   * 5,300 (lower-middle 7,200 or low 10,000 would cut p by up to half where the
   * gazetteer already lists mostly the larger towns: the two low biases would
   * compound). E: people concentrate on floodplains — over half the world lives
   * within 3 km of fresh water (Kummu et al. 2011) — so built-up land lies on
   * the flood-prone land E times as much as on the rest; 2 is an assumption
   * (range 1–3), not a fit. The cap keeps open land in every cell and absorbs
   * the gazetteer's double count of districts listed beside their city
   * (Shanghai's cell: 172 % built up before E).
   */
  defended: { cityDensityHighIncome: 2800, cityDensityOther: 5300, floodplainConcentration: 2, maxShare: 0.9 },
  /**
   * HAND-style terrain (hand.ts): ETOPO5 0.5° means interpolated bilinearly to a
   * 0.1° grid; a fine cell's height above its nearest mapped water (river, lake
   * shore, coast at 0 m) is its elevation minus the water's. Within a fine cell
   * heights spread ± the local gradient × half a fine cell; the gradient is
   * floored because even flat plains have channels incised below them.
   */
  terrain: { minGradientMPerKm: 0.3, halfFineCellKm: 5.56 },
  /**
   * Unmapped drainage: the 1:50m map has major rivers only, yet large floods also
   * fill tributaries. Every point is taken to lie within half this spacing (km)
   * of such a stream, whose floodplain heights rise with the local gradient.
   */
  minorStreamSpacingKm: 20,
  /**
   * Pluvial and flash flooding (pluvial.ts): the rain threshold (mm in a day, a
   * Rain-table threshold) of a heavy-rain day; the slope scale (m/km) at which
   * steep catchments double the flooding per heavy-rain day (flashiness rises
   * with slope); and the mean depth above 0.1 m (m) of surface-water flooding,
   * shallow by nature: of 4.6 million properties at risk of surface-water
   * flooding in England, 184,000 (4 %) would see 30 cm or more (Environment
   * Agency, National assessment of flood and coastal erosion risk, 2024).
   */
  pluvial: { heavyRainMm: 50, slopeScaleMPerKm: 5, meanDepthAboveM: 0.1, baseDepthM: 0.1 },
  /**
   * England's surface-water calibration target: 4.6 million of ~25 million
   * properties (18.4 %) lie within the 1-in-1000-year surface-water extent
   * (Environment Agency 2024); with their annual chances spread log-uniformly
   * from 1/1000 to 1/30 (the agency's low-to-high bands) the mean is
   * (1/30 − 1/1000)/ln(1000/30) = 0.92 %/yr, so a random point floods ≥ 0.1 m at
   * 0.184 × 0.0092 = 0.17 %/yr. The England box is applied to UK cells.
   */
  englandSurfaceWater: { shareInExtent: 0.184, extentYears: 1000, highBandYears: 30, box: [-6, 49.9, 1.8, 55.8] as const },
  /** Seasonal profiles: 10° blocks; events weighted by a Gaussian of centroid distance. */
  season: { blockDeg: 10, sigmaKm: 750, smoothingDays: 10, pseudoEvents: 1 },
  /** No coverage south of this latitude (Antarctica). */
  southernLimitDeg: -60,
} as const;
