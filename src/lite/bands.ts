/**
 * The one table of Lite risk bands: return-period edges (spec "Bands"), the
 * percentile edges used by calculation_method `globally_relative`, and a hex
 * colour per band for CSVs, reports and the web interface (docs/lite.md).
 */
export const BANDS = [
  { name: 'Extreme', maxReturnPeriod: 10, minPercentile: 99, colour: '#b2182b' },
  { name: 'Severe', maxReturnPeriod: 25, minPercentile: 95, colour: '#e34a33' },
  { name: 'Moderate', maxReturnPeriod: 50, minPercentile: 85, colour: '#fc8d59' },
  { name: 'Low', maxReturnPeriod: 100, minPercentile: 70, colour: '#fdcc8a' },
  { name: 'Remote', maxReturnPeriod: 250, minPercentile: 50, colour: '#91bfdb' },
  { name: 'Negligible', maxReturnPeriod: Infinity, minPercentile: 0, colour: '#4575b4' },
] as const;

export type BandName = (typeof BANDS)[number]['name'];

/** Colour for rows and map points without a usable band. */
export const NO_RESULT_COLOUR = '#9e9e9e';

/** Band of an integer return-period score (1–10 Extreme … ≥ 251 Negligible). */
export function bandForReturnPeriod(score: number): BandName {
  return BANDS.find((b) => score <= b.maxReturnPeriod)!.name;
}

/** Band of a percentile rank 0–100 (higher = more hazardous than more of the world). */
export function bandForPercentile(percentile: number): BandName {
  return BANDS.find((b) => percentile >= b.minPercentile)!.name;
}

export function bandColour(band: BandName): string {
  return BANDS.find((b) => b.name === band)!.colour;
}

/** Riskiest first: Extreme = 0 … Negligible = 5. */
export function bandRank(band: BandName): number {
  return BANDS.findIndex((b) => b.name === band);
}
