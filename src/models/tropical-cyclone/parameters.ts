/**
 * Every number the tropical-cyclone model uses, one table per concern. Each is
 * explained and referenced in docs/models/tropical-cyclone.md; the build
 * records them in the table metadata.
 */
import type { Basin } from './track-types.js';

/** A rate group: the basins it pools and the seasons (inclusive) counted as reliable. */
export interface ClimatologyPeriod {
  group: string;
  basins: readonly Basin[];
  first: number;
  last: number;
  source: string;
}

/**
 * Reliable periods per basin. Atlantic: aircraft reconnaissance from the late 1940s and
 * the HURDAT2 reanalysis; NE/Central Pacific: geostationary satellite and Dvorak era;
 * West Pacific: satellite era of the JTWC record; North Indian and southern hemisphere:
 * the whole span of the JTWC files we hold (both satellite era).
 */
export const CLIMATOLOGY_PERIODS: readonly ClimatologyPeriod[] = [
  { group: 'NA', basins: ['NA'], first: 1950, last: 2025, source: 'hurdat2' },
  { group: 'EP', basins: ['EP', 'CP'], first: 1971, last: 2023, source: 'hurdat2' },
  { group: 'WP', basins: ['WP'], first: 1970, last: 2021, source: 'jtwc-wp' },
  { group: 'NI', basins: ['NI'], first: 1982, last: 2023, source: 'tc-north-indian (JTWC bio)' },
  { group: 'SH', basins: ['SI', 'SP'], first: 1982, last: 2019, source: 'tc-southern-hemisphere + ibtracs-sp' },
];

/** Parametric wind field (wind-field.ts). */
export const WIND_FIELD = {
  /** Phadke et al. 2003: forward motion adds at most half the forward speed (at the RMW). */
  motionShareAtRmw: 0.5,
  /** Knaff et al. 2011: surface / gradient-level wind over water within 100 km of the centre… */
  surfaceFactorInner: 0.9,
  innerRadiusKm: 100,
  /** …falling linearly to 0.75 at 700 km and beyond. */
  surfaceFactorOuter: 0.75,
  outerRadiusKm: 700,
  /** Willoughby et al. 2006: second e-folding length of the outer profile. */
  x2Km: 25,
  /** Willoughby et al. 2006: width of the inner–outer transition zone (15 km when Rmax ≤ 20 km). */
  transitionWidthKm: 25,
  narrowTransitionWidthKm: 15,
  narrowRmaxKm: 20,
  /** Recorded radii of maximum wind outside this range (km) are treated as missing. */
  rmwMinKm: 5,
  rmwMaxKm: 250,
  /** Beyond this distance no storm wind is modelled. */
  maxRadiusKm: 1200,
} as const;

/**
 * Storm size from recorded 34-kt radii (r34-size.ts): at fixes of these sources with four
 * quadrant radii and V_max ≥ minWindKt, X1 is scaled so the modelled mean quadrant
 * 34-kt radius equals the recorded one (JTWC r34 of the North Indian `bio` tracks and of
 * IBTrACS South Pacific). The NHC radii of HURDAT2 are not used here: they are the
 * calibration and held-out check of the profile itself (radii-check.ts).
 */
export const R34_SIZE = {
  sources: ['tc-north-indian', 'ibtracs-sp'] as readonly string[],
  minWindKt: 35,
  /** Bounds on the fitted multiplier (a fit beyond them is an analysis artefact). */
  minScale: 0.33,
  maxScale: 3,
  /** Fixed-point iterations of the fit: (r34 − Rmax) ∝ X1 makes it converge in a few. */
  iterations: 4,
} as const;

/** Outer-profile calibration against NHC wind radii (docs: "Wind-field calibration"). */
export const PROFILE_CALIBRATION = { aFactor: 1.75, x1Factor: 1.3 } as const;

/** Wind-averaging conversions (Harper, Kepert & Ginger 2010, WMO/TD-1555, at-sea exposure). */
export const WIND_AVERAGING = {
  /** WMO agencies' 10-minute mean → 1-minute sustained: divide by 0.93. */
  tenMinuteToOneMinute: 1 / 0.93,
  /**
   * 3-s gust over open land (ASCE Exposure C, AS/NZS terrain category 2) per 1-min sustained wind over
   * water: ASCE 7-10 Commentary Table C26.5-2 (Saffir–Simpson scale: CAT1 74 mph sustained over water ↔
   * 81 mph gust over land; CAT3 111 ↔ 122 mph; CAT5 156 ↔ 172 mph). The site-wind references are
   * converted with it, and MaxWindGust's cyclone term (weather/tc-gusts.ts) gusts with it.
   */
  gustOverLandPerSustainedOverWater: 1.1,
} as const;

/** Track interpolation and inland decay (track-steps.ts). */
export const TRACK_STEPS = {
  maxStepHours: 1,
  maxStepKm: 15,
  /** Kaplan & DeMaria 1995: V(t) = Vb + (V0 − Vb)·exp(−α t) over land. */
  decayBackgroundKt: 26.7,
  decayRatePerHour: 0.095,
  /** A track ending over land at ≥ 34 kt is continued by persistence and KD95 decay, at most this long. */
  maxExtensionHours: 24,
  /** Segments longer than this are gaps in the record and are not interpolated. */
  maxGapHours: 24,
} as const;

/** The hazard grid: square cells, limited to the latitudes storms reach. */
export const GRID = { step: 0.25, latMin: -55, latMax: 65 } as const;

/** Spatial smoothing of the per-cell rates: isotropic Gaussian, truncated. */
export const SMOOTHING = { sigmaKm: 50, truncateSigmas: 3 } as const;

/**
 * Coverage: cells within radiusKm of a track position of ≥ minWindKt that is not
 * extratropical or a disturbance, in a reliable period. Positions are taken
 * every markSpacingKm along the track (discs overlap, so the corridor is closed).
 */
export const COVERAGE = { radiusKm: 300, minWindKt: 34, markSpacingKm: 100 } as const;

/** Seasonality: per tile of tileDegrees, circular Gaussian smoothing, shrunk towards the basin profile. */
export const SEASONALITY = { tileDegrees: 10, sigmaDays: 10, priorStorms: 15 } as const;

/** Matching one storm in two sources (JTWC SH vs IBTrACS SP; NEPAC vs JTWC WP). */
export const DEDUPE = { maxDistanceKm: 150, minCommonTimes: 2 } as const;

/**
 * The synthetic event set (synthetic/): the method of STORM (Bloemendaal et
 * al. 2020, Scientific Data 7:40) — Poisson storm counts, genesis from the
 * observed genesis density, autoregressive track steps per 5° latitude band —
 * with intensity modelled in wind speed (our sources lack central pressure in
 * the JTWC southern set and on most West Pacific fixes), capped by the
 * highest observed intensity nearby (no sea-surface temperature climatology,
 * so no potential-intensity cap), each storm heading for its own share of that
 * cap, its change depending on its age. docs/models/tropical-cyclone.md explains each.
 */
export const SYNTHETIC = {
  /** Names every random stream ("<seed>:<group>:<year>"); tables are byte-identical for one seed. */
  seed: 'hazrisk-tc-1',
  /** The time step of fitting and generation: the native spacing of 93–96 % of the fixes. */
  stepHours: 6,
  /** A storm is born at its first fix ≥ this wind and ends after its last. */
  genesisKt: 34,
  /** Genesis: a random observed genesis within ±monthWindow months, moved by N(0, jitter²) in each coordinate (a Gaussian kernel density of the observed points). */
  genesisJitterDegrees: 1.5,
  genesisMonthWindow: 1,
  /** Track and intensity regressions per latitude band of this width; bands with fewer pairs fall back to the group's pooled fit. */
  latitudeBandDegrees: 5,
  minPairsPerBand: 200,
  /** Track regressions are also fitted per longitude sector of this width and per month (±1), where pairs suffice. */
  trackSectorDegrees: 20,
  /** Intensity cap: the highest observed wind over sea within ±1 box of this size and ±1 month; with fewer fixes, the latitude band's highest. */
  capBoxDegrees: 5,
  minCapFixes: 30,
  capMarginKt: 0,
  /**
   * Storm size: each synthetic storm's Rmax is the WDR06 estimate (eq. 7a) times exp(σ·z), z ~ N(0, 1),
   * kept for its life. σ is the spread of ln(recorded ÷ estimated Rmax) between storms (the mean of each
   * storm's fixes ≥ 64 kt): HURDAT2 0.48 (263 storms), IBTrACS SP 0.36 (96), North Indian 0.35 (47),
   * pooled 0.44; the median ratio is 1.01–1.06, so eq. 7a is the median. Vickery & Wadhera (2008, J. Appl.
   * Meteor. Climatol. 47:2497) model Rmax the same way, lognormal about a regression.
   */
  rmwLogSd: 0.44,
  /** A storm ends below this wind, beyond this latitude, after this long, or on crossing the equator. */
  dissipationKt: 25,
  latitudeLimit: 60,
  maxLifetimeHours: 30 * 24,
  /**
   * A storm may also end at a step over sea while still at ≥ terminationKt, with the observed chance per
   * step of its group and |latitude| band (synthetic/termination.ts). 45 kt is 34 + 11: over sea, 99.7 % of
   * observed 6-hour changes below 60 kt weaken less than 11 kt, so a record ending at ≥ 45 kt is the record
   * stopping (extratropical transition, absorption), not the gradual weakening the intensity model makes;
   * at 40 kt 3 % of steps weaken below 34 kt. A band with terminationPriorSteps such steps weighs as much as
   * its equator-side neighbour's chance (poleward of 40° a group's band holds 1–1,100). Equatorward of
   * terminationMinLatitude (a multiple of the band width) storms do not end this way: there the synthetic
   * storms already end strong as often as observed ones (termination.ts).
   */
  terminationKt: 45,
  terminationBandDegrees: 5,
  terminationPriorSteps: 50,
  terminationMinLatitude: 25,
  /**
   * Synthetic years behind each threshold's rate (synthetic/shard.ts): CAT0 from the first
   * years34, CAT1–2 from years64, CAT3–5 from years96. docs/models/tropical-cyclone.md §2.9
   * gives the Monte-Carlo error these sizes leave.
   */
  tierYears: { years34: 180, years64: 1000, years96: 6000 },
  /**
   * A group with fewer observed storms than this is not simulated (too few steps to fit the
   * regressions per band); its rates are counted from the observed storms (§2.5). Every group
   * of the catalogues we hold has over 200.
   */
  minFitStorms: 100,
  /** Hold-out for the checks: seasons with season % holdOutEvery === 0 are left out of the fit (whole storms, whole years). */
  holdOutEvery: 5,
} as const;
