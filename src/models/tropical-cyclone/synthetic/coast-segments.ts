/**
 * Coast segments for the event set's landfall checks (checks.ts): a storm makes
 * landfall on a segment when a 6-hourly step over land inside the segment's box
 * follows one over sea at ≥ 64 kt (and, separately, ≥ 96 kt). Boxes on the 0.5° land mask (land-mask.ts),
 * so small islands (Okinawa, Guam) are not coasts here. Each segment is checked
 * for the rate group whose storms reach it.
 */
export interface CoastSegment {
  name: string;
  group: string;
  south: number;
  north: number;
  west: number;
  east: number;
}

export const COAST_SEGMENTS: readonly CoastSegment[] = [
  { name: 'US Gulf coast', group: 'NA', south: 25, north: 31.5, west: -98, east: -84 },
  { name: 'Florida peninsula', group: 'NA', south: 24.3, north: 30.5, west: -84, east: -79.8 },
  { name: 'US East coast', group: 'NA', south: 30.5, north: 45.5, west: -82, east: -66 },
  { name: 'Mexico, Pacific coast', group: 'EP', south: 14, north: 32, west: -118, east: -92 },
  { name: 'Philippines', group: 'WP', south: 5, north: 19, west: 117, east: 127 },
  { name: 'South China and Hong Kong', group: 'WP', south: 18, north: 26, west: 105, east: 119.8 },
  { name: 'Taiwan', group: 'WP', south: 21.8, north: 25.5, west: 119.8, east: 122.2 },
  { name: 'Japan', group: 'WP', south: 30, north: 45, west: 129, east: 146 },
  { name: 'India, east coast', group: 'NI', south: 8, north: 22, west: 77, east: 88 },
  { name: 'Bangladesh and Myanmar', group: 'NI', south: 15, north: 23, west: 88.1, east: 98 },
  { name: 'India and Pakistan, west coast', group: 'NI', south: 8, north: 26, west: 66, east: 77 },
  { name: 'Queensland', group: 'SH', south: -28, north: -10, west: 138, east: 154 },
  { name: 'Northern Territory and Kimberley', group: 'SH', south: -18, north: -10, west: 125, east: 138 },
  { name: 'Pilbara and Western Australia', group: 'SH', south: -30, north: -18, west: 112, east: 125 },
  { name: 'Madagascar and Mozambique', group: 'SH', south: -27, north: -10, west: 32, east: 51 },
];

/** The winds at the sea step before a crossing that count as a landfall on a segment: hurricane force, and major (CAT3). */
export const SEGMENT_LANDFALL_KT = [64, 96] as const;

export function inSegment(segment: CoastSegment, lat: number, lon: number): boolean {
  return lat >= segment.south && lat < segment.north && lon >= segment.west && lon < segment.east;
}
