import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { HCN_FILES, SOURCE_FOLDERS } from './parameters.js';

/** Readers for the US HCN derived statistics (ushcn-daily-derived/SOURCE.md). Blank fields read as NaN. */
export interface HcnStation {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** One station and calendar month of weather-generator statistics (whole record). */
export interface HcnMonth {
  station: string;
  /** 0–11 */
  month: number;
  prcpDaysValid: number;
  pWet01: number;
  pWet1: number;
  pWetGivenWet: number;
  pWetGivenDry: number;
  wetMeanMm: number;
  wetQ99Mm: number;
  wetMaxMm: number;
  /** Mean monthly precipitation, mm per 30.4375 days. */
  monthlyMm: number;
  tmaxC: number;
  tminC: number;
  pSnowfallDay: number;
  snowfallMonthlyMm: number;
}

/** One station-year of annual maxima. */
export interface HcnYear {
  station: string;
  year: number;
  prcpDaysValid: number;
  rx1dayMm: number;
  rx5dayMm: number;
  snowDaysValid: number;
  snowMax1dayMm: number;
  snowMax3dayMm: number;
}

const num = (text: string | undefined): number => (text === undefined || text.trim() === '' ? NaN : Number(text));

export function readHcnStations(sourcesDir: string): HcnStation[] {
  return readCsvRecords(sourceFile(sourcesDir, SOURCE_FOLDERS.hcn, HCN_FILES.stations)).map((r) => ({
    id: r.station_id ?? '',
    name: r.name ?? '',
    latitude: num(r.lat),
    longitude: num(r.lon),
  }));
}

export function readHcnMonths(sourcesDir: string): HcnMonth[] {
  return readCsvRecords(sourceFile(sourcesDir, SOURCE_FOLDERS.hcn, HCN_FILES.monthly)).map((r) => ({
    station: r.station_id ?? '',
    month: num(r.month) - 1,
    prcpDaysValid: num(r.prcp_days_valid),
    pWet01: num(r.p_wet_ge0p1mm),
    pWet1: num(r.p_wet_ge1mm),
    pWetGivenWet: num(r.p_wet_given_wet),
    pWetGivenDry: num(r.p_wet_given_dry),
    wetMeanMm: num(r.wet_mean_mm),
    wetQ99Mm: num(r.wet_q99_mm),
    wetMaxMm: num(r.wet_max_mm),
    monthlyMm: num(r.prcp_mean_monthly_mm),
    tmaxC: num(r.tmax_mean_c),
    tminC: num(r.tmin_mean_c),
    pSnowfallDay: num(r.p_snowfall_day),
    snowfallMonthlyMm: num(r.snowfall_mean_monthly_mm),
  }));
}

export function readHcnYears(sourcesDir: string): HcnYear[] {
  return readCsvRecords(sourceFile(sourcesDir, SOURCE_FOLDERS.hcn, HCN_FILES.annual)).map((r) => ({
    station: r.station_id ?? '',
    year: num(r.year),
    prcpDaysValid: num(r.prcp_days_valid),
    rx1dayMm: num(r.rx1day_mm),
    rx5dayMm: num(r.rx5day_mm),
    snowDaysValid: num(r.snow_days_valid),
    snowMax1dayMm: num(r.snow_max1day_mm),
    snowMax3dayMm: num(r.snow_max3day_mm),
  }));
}

/** HCN's monthly precipitation is mean daily precipitation × 30.4375 (SOURCE.md). */
export const HCN_DAYS_PER_MONTH = 30.4375;
