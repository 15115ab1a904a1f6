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
  /** A layer with fewer declustered mainshocks than this keeps the global b-value instead of its own fit. */
  minEventsForLayerB: 50,
  /** Smallest magnitude integrated in the hazard (GR extrapolated below the lowest completeness class). */
  mMin: 4.5,
  /** Magnitude bin width of the integration. */
  binWidth: 0.1,
  /** Mmax = largest Mw observed within `mmaxRadiusKm` + `mmaxIncrement`, clamped to the layer's [floor, ceiling] (LAYERS). */
  mmaxRadiusKm: 200,
  mmaxIncrement: 0.5,
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
 * Tectonic regionalisation of the 0.5° cells (docs/models/earthquake.md
 * "Regimes"), from Bird (2003) PB2002 plate-boundary steps and orogens and
 * ETOPO5 relief. Precedence: subduction, then active, then oceanic, else
 * stable continental. The distances follow the widths of the active belts in
 * the GEM global regionalisation (Chen et al. 2018, Seismol. Res. Lett.
 * 89:2243–2256): subduction forearcs and arcs extend ~300–400 km landward of
 * the trench, continental boundary zones ~200–300 km either side.
 */
export const REGIONALISATION = {
  /** Within this distance of a PB2002 SUB step: a subduction zone (interface, in-slab and upper-plate crust). */
  subductionKm: 350,
  /** Within this distance of a continental boundary step (CCB, CTF, CRB), or inside a PB2002 orogen: active crust. */
  continentalBoundaryKm: 250,
  /** Within this distance of an oceanic ridge, transform or convergent step (OSR, OTF, OCB): active (oceanic) crust. */
  oceanicBoundaryKm: 100,
  /** Deeper than this mean elevation (m) and none of the above: oceanic intraplate. */
  oceanFloorM: -2000,
} as const;

/**
 * Source layers: each mainshock goes to one layer by the regime of its cell
 * and its depth (km); each layer has its ground-motion model (gmpe/), the
 * depth its ruptures are centred at, and the bounds of its Mmax.
 * - Stable: Mmax floor 7.0 and ceiling 7.5 after the CEUS-SSC Mmax
 *   distributions for stable continental domains (EPRI/DOE/NRC 2012, NUREG-2115
 *   ch. 5: mean ≈ 7.0 non-extended, ≈ 7.2 extended crust; largest SCR events
 *   ~M 7.5–7.8, Johnston et al. 1994).
 * - Active crust: 7.3–8.0 (largest continental ruptures M 7.8–8.0: 1857 Fort
 *   Tejon, 2008 Wenchuan, 2023 Kahramanmaraş; Wells & Coppersmith 1994 data).
 * - Subduction interface: 8.0–9.5 (the largest instrumental events, 1960 Chile
 *   M 9.5; Berryman et al. 2015 GEM faulted-earth: most long trenches can host M ≥ 8.5).
 * - In-slab: 7.0–8.3 (1994 Bolivia M 8.2, 2013 Okhotsk M 8.3).
 * Depths: stable crust 5 km, the depth of every gridded rupture of the USGS
 * central and eastern US model (nshm-conus, stable-crust/grid/grid-config.json;
 * Petersen et al. 2008, 2014); active crust 10 km, mid-seismogenic (BSSA14
 * reads R_JB only, so its depth does not move the ground motion).
 */
export const LAYERS = [
  { name: 'stable crust', regime: 'stable', depthKm: 5, mmaxFloor: 7.0, mmaxCeiling: 7.5 },
  { name: 'active crust', regime: 'active', depthKm: 10, mmaxFloor: 7.3, mmaxCeiling: 8.0 },
  { name: 'subduction interface', regime: 'interface', depthKm: 25, mmaxFloor: 8.0, mmaxCeiling: 9.5 },
  { name: 'in-slab 40–70 km', regime: 'inslab', depthKm: 55, mmaxFloor: 7.0, mmaxCeiling: 8.3 },
  { name: 'in-slab 70–150 km', regime: 'inslab', depthKm: 110, mmaxFloor: 7.0, mmaxCeiling: 8.3 },
  { name: 'in-slab 150–300 km', regime: 'inslab', depthKm: 225, mmaxFloor: 7.0, mmaxCeiling: 8.3 },
  { name: 'in-slab ≥ 300 km', regime: 'inslab', depthKm: 450, mmaxFloor: 7.0, mmaxCeiling: 8.3 },
] as const;

/** Depth bounds (km) that assign an event to a layer: crust above `crustalKm` (subduction zones: `subductionCrustKm`), interface above `interfaceKm`. */
export const LAYER_DEPTHS = {
  crustalKm: 40,
  subductionCrustKm: 20,
  interfaceKm: 50,
  inslabClassesKm: [70, 150, 300],
} as const;

/**
 * Background seismicity: a layer's smoothed rate is blended with the layer's
 * uniform rate density over its regime's area, rate = (1 − w)·smoothed + w·uniform,
 * so that no cell of a regime is left with a rate near zero because no M ≥ 5.5
 * happened near it in a century (the CEUS-SSC and ESHM20 practice of combining
 * zoned background with smoothed seismicity). The weights are the project's
 * choice, documented in docs/models/earthquake.md.
 */
export const BACKGROUND = {
  stable: 0.5,
  active: 0.2,
} as const;

/**
 * Near a modelled fault (fault-sources.ts), its layer's smoothed seismicity
 * stops half a unit below the fault's characteristic magnitude, so the large
 * events are not counted twice (Petersen et al. 2008, USGS OFR 2008-1128,
 * gridded seismicity near faults).
 */
export const FAULT_ZONE = {
  distanceKm: 25,
  belowCharacteristic: 0.5,
} as const;

/**
 * The table's grid near faults (near-fault-grid.ts): cells of this size (it
 * must divide the 0.5° step; 0.125° is exact in binary, so fine and coarse
 * cell edges agree) within this distance of a fault's surface projection get
 * their own curve. 0.125° puts a place at most ~7 km from its cell's centre in
 * each direction (50 km at 0.5°); 100 km reaches the distance where a
 * megathrust's hazard still changes by tens of per cent across a 0.5° cell.
 */
export const NEAR_FAULT_GRID = {
  step: 0.125,
  distanceKm: 100,
} as const;

/** Hazard integration. */
export const INTEGRATION = {
  /** Ground motion counted only from ruptures within this rupture distance (km). */
  maxRuptureKm: 300,
  /** Epicentral-distance step of the precomputed exceedance tables. */
  distanceStepKm: 2,
  /** Strikes sampled for the random-strike finite-fault approximation (over 0–90°, by symmetry). */
  strikes: 8,
  /** Aleatory variability truncated at this many standard deviations (OpenQuake truncation_level). */
  truncationSigma: 3,
  /** Integer intensity I is reached when the continuous MMI reaches I − 0.5 (intensities are reported rounded). */
  intensityContinuityCorrection: 0.5,
  /** A site's own cell: its sources spread over rings of equal area out to the cell's equivalent radius. */
  ownCellRings: 6,
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
