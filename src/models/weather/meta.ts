import { CATALOGUES } from '../../catalogues/registry.js';
import type { TableMeta } from '../../engine/table-spec.js';
import type { Calibration } from './calibration.js';
import type { MultidayCalibration } from './multiday-calibration.js';
import { CLIMATE_GROUPS, GENERATOR, RAIN_TAIL, SPC, TC, TC_RAIN, WIND } from './parameters.js';
import type { PrecipMeta } from './precip-tables.js';
import type { SnowAmounts } from './snow-calibration.js';
import type { TailCalibration } from './tail-calibration.js';
import type { WindCalibration } from './wind-calibration.js';
import type { WindDiagnostics } from './wind-table.js';

/** Table metadata: method page, sources, the numbers that shaped the table, coverage and confidence. */
export const METHOD_PAGES = {
  rain: 'docs/models/rain.md',
  cumulativeRain: 'docs/models/cumulative-rain.md',
  cumulativeSnow: 'docs/models/cumulativesnow.md',
  wind: 'docs/models/max-wind-gust.md',
} as const;

const round = (x: number, digits = 6): number => Number(x.toPrecision(digits));

function calibrationParameters(cal: Calibration): Record<string, unknown> {
  const fit = (f: Calibration['occurrence']) => ({ coefficients: f.coefficients.map((c) => round(c)), r2: round(f.r2, 4), rmse: round(f.rmse, 4), n: f.n });
  return {
    grid: '0.5° CRU CL 1.0 land cells, coverage extended 1 ring',
    wetDayMm: GENERATOR.wetDayMm,
    calibration: { stations: cal.stations, stationMonths: cal.stationMonths },
    occurrence: { model: 'logit(P1/P0) = c·[1, ln mu0, T]', ...fit(cal.occurrence) },
    calibrationStations: 'HCN ids ending in an odd digit (the others are held out for validation)',
    gammaShape: { model: 'ln alpha = c·[1, ln mu0, P0, T, DTR]; alpha fitted to HCN mean and 99th percentile of >= 1 mm amounts', ...fit(cal.shape) },
    persistence: { model: 'rho = p11 - p01 = c·[1, ln mu0, P0, T]', range: GENERATOR.persistenceRange, ...fit(cal.persistence) },
    covariateRange: Object.fromEntries(Object.entries(cal.covariateRange).map(([k, [lo, hi]]) => [k, [round(lo), round(hi)]])),
    subThresholdDayMm: round(cal.subThresholdDayMm),
    snowPartition: {
      model: 'q_snow = Phi((Ts - T)/(a + b·DTR))',
      thresholdC: round(cal.snow.thresholdC),
      sigmaInterceptC: round(cal.snow.sigmaInterceptC),
      sigmaPerDtr: round(cal.snow.sigmaPerDtr),
      r2: round(cal.snow.r2, 4),
      n: cal.snow.n,
    },
  };
}

function tailParameters(tails: TailCalibration, tcStorms: number): Record<string, unknown> {
  return {
    heavyTail: {
      model: 'gamma below its upper-5 % quantile u, generalised Pareto above with the gamma density at u (Furrer & Katz 2008)',
      thresholdTail: RAIN_TAIL.thresholdTail,
      xiByClimateGroup: Object.fromEntries(CLIMATE_GROUPS.groups.map((g, i) => [g, { xi: round(tails.xi[i]!, 4), calibrationStations: tails.groupStations[i] }])),
      target: 'median over calibration stations of P(annual max day >= station GEV 100-yr level) = 1 %',
    },
    tropicalCycloneRain: {
      model: 'R-CLIPER symmetric rain rate (Tuleya et al. 2007) along best tracks, storm-day totals x lognormal spread',
      coefficients: TC_RAIN.rcliper,
      periods: TC_RAIN.periods,
      storms: tcStorms,
      spreadSigmaLn: round(tails.tcSpread, 4),
      coastCalibrationStations: tails.coastStations,
    },
  };
}

export function precipMeta(cal: Calibration, snow: SnowAmounts, tails: TailCalibration, multiday: MultidayCalibration, tcStorms: number): PrecipMeta {
  const parameters = calibrationParameters(cal);
  const sources = [CATALOGUES.cru.folder, CATALOGUES.hcn.folder, CATALOGUES.koppen.folder, 'tropical-cyclone best tracks (src/models/tropical-cyclone/sources.ts)'];
  const base = 'Global land on CRU CL 1.0 0.5° cells (1961–1990 normals), Markov-chain/gamma daily generator calibrated on half the US HCN stations';
  const tail = tailParameters(tails, tcStorms);
  return {
    rain: {
      method: METHOD_PAGES.rain,
      sources,
      parameters: { ...parameters, ...tail, rainOnly: 'q = 1 - q_snow' },
      coverage: `${base}, heavy tail by Köppen climate group and tropical-cyclone rain from best tracks; validated on the held-out US stations.`,
      confidence: 'standard',
    },
    cumulativeRain: {
      method: METHOD_PAGES.cumulativeRain,
      sources,
      parameters: {
        ...parameters,
        ...tail,
        q: '1 - q_snow (rain only)',
        r: 1,
        amountGamma: 'mean and multidayFactor x variance of the Rain day (generator tail + tropical-cyclone rain)',
        multidayFactor: round(multiday.factor, 5),
        multidayCalibration: { stations: multiday.stations, observedMeanP200: round(multiday.observedMean, 4), modelledMeanP200: round(multiday.modelledMean, 4) },
      },
      coverage: `${base}; rain only (snowfall water excluded); multi-day variance fitted on US stations.`,
      confidence: 'standard',
    },
    cumulativeSnow: {
      method: METHOD_PAGES.cumulativeSnow,
      sources: [CATALOGUES.cru.folder, CATALOGUES.hcn.folder],
      parameters: {
        ...parameters,
        q: 'q_snow',
        snowAmounts: {
          calibrationStations: 'HCN ids ending in an odd digit',
          snowDayShape: round(snow.shape),
          shapeStations: snow.shapeStations,
          effectiveRatio: { tempC: snow.ratioTempC.map((t) => round(t, 4)), cmPerMmWater: snow.ratioCmPerMm.map((r) => round(r, 4)), stationMonths: snow.ratioMonths },
        },
      },
      coverage: `${base}; snowfall from a temperature rain/snow partition and snow amounts fitted on US HCN stations; low confidence outside the US.`,
      confidence: 'low',
    },
  };
}

export function windMeta(d: WindDiagnostics, withTropicalCyclones: boolean, fit: WindCalibration): TableMeta {
  const p = fit.params;
  return {
    method: METHOD_PAGES.wind,
    sources: [CATALOGUES.cru.folder, CATALOGUES.spcWind.folder, ...(withTropicalCyclones ? ['TropicalCyclone table'] : [])],
    parameters: {
      grid: '0.5° CRU CL 1.0 land cells with usable wind, coverage extended 1 ring',
      ordinaryDays: {
        model: 'P(day gust >= x) = exp(-(x/c0)^2), c0 = G·M·U/Gamma(3/2)',
        G: WIND.gustFactor3sOver600s,
        M: WIND.dailyMaxToMonthlyMean,
      },
      background: {
        model: 'storm tail, competing with ordinary days: P(day gust >= x) = exp(-(x/c)^k), c = s·Uref·(U/Uref)^b / Gamma(1+1/k)',
        s: round(p.s, 5),
        b: round(p.b, 5),
        k: round(p.k, 5),
        referenceMs: WIND.referenceMs,
      },
      calibration: { references: fit.references, rmsLogError: round(fit.rmsLogError, 4), bounds: WIND.bounds, start: WIND.start },
      convective: { ...SPC, footprintFactor: round(p.footprint, 5), reports: d.reports, cellsWithConvectiveTerm: d.convectiveCells },
      tropicalCyclone: withTropicalCyclones ? { ...TC, cellsWithTcTerm: d.tropicalCycloneCells } : 'TropicalCyclone table absent from this build: no TC term',
      landCells: d.cells,
      filledWindCells: d.filledWindCells,
    },
    coverage: `Global land; low confidence: gust mixture on CRU mean 10 m wind and SPC convective gust reports 2022–2025 (US only), calibrated on ASCE 7 and Eurocode design winds (no gust observations)${
      withTropicalCyclones ? ' and tropical-cyclone winds from the TropicalCyclone table' : '; no tropical-cyclone term in this build'
    }.`,
    confidence: 'low',
  };
}
