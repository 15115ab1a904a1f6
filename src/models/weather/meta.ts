import { CATALOGUES } from '../../catalogues/registry.js';
import type { TableMeta } from '../../engine/table-spec.js';
import type { Calibration } from './calibration.js';
import type { PrecipMeta } from './precip-tables.js';
import { GENERATOR, SPC, TC, WIND } from './parameters.js';
import type { SnowAmounts } from './snow-calibration.js';
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
    gammaShape: { model: 'ln alpha = c·[1, ln mu0, P0, T, DTR]; alpha fitted to HCN mean, 99th percentile and record maximum of >= 1 mm amounts', ...fit(cal.shape) },
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

export function precipMeta(cal: Calibration, snow: SnowAmounts): PrecipMeta {
  const parameters = calibrationParameters(cal);
  const sources = [CATALOGUES.cru.folder, CATALOGUES.hcn.folder];
  const base = 'Global land on CRU CL 1.0 0.5° cells (1961–1990 normals), Markov-chain/gamma daily generator calibrated on US HCN stations';
  return {
    rain: {
      method: METHOD_PAGES.rain,
      sources,
      parameters: { ...parameters, rainOnly: 'q = 1 - q_snow' },
      coverage: `${base}; tails validated at US stations only.`,
      confidence: 'standard',
    },
    cumulativeRain: {
      method: METHOD_PAGES.cumulativeRain,
      sources,
      parameters: { ...parameters, q: '1 - q_snow (rain only)', r: 1 },
      coverage: `${base}; rain only (snowfall water excluded); validated at US stations only.`,
      confidence: 'standard',
    },
    cumulativeSnow: {
      method: METHOD_PAGES.cumulativeSnow,
      sources,
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

export function windMeta(d: WindDiagnostics, withTropicalCyclones: boolean): TableMeta {
  return {
    method: METHOD_PAGES.wind,
    sources: [CATALOGUES.cru.folder, CATALOGUES.spcWind.folder, ...(withTropicalCyclones ? ['TropicalCyclone table'] : [])],
    parameters: {
      grid: '0.5° CRU CL 1.0 land cells with usable wind, coverage extended 1 ring',
      background: { ...WIND, model: 'P(gust >= x) = exp(-(x/(G·c))^k), c = M·U/Gamma(1+1/k)' },
      convective: { ...SPC, reports: d.reports, cellsWithConvectiveTerm: d.convectiveCells },
      tropicalCyclone: withTropicalCyclones ? { ...TC, cellsWithTcTerm: d.tropicalCycloneCells } : 'TropicalCyclone table absent from this build: no TC term',
      landCells: d.cells,
      filledWindCells: d.filledWindCells,
    },
    coverage: `Global land; low confidence: gusts from CRU mean 10 m wind with assumed gust factors (no gust observations), plus SPC convective gust reports 2022–2025 (US only)${
      withTropicalCyclones ? ' and tropical-cyclone winds from the TropicalCyclone table' : '; no tropical-cyclone term in this build'
    }.`,
    confidence: 'low',
  };
}
