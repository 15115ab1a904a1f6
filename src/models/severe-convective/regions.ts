/**
 * The few climate regions that carry their own seasonal and diurnal profiles
 * (tornado and hail share them). Boxes are checked in order; the first match wins.
 * Brooks, Doswell & Kay (2003) show the season moving from April in the Southeast
 * to June–July in the northern Plains and Northeast, with Florida apart.
 */
export interface Region {
  name: string;
  contains(lat: number, lon: number): boolean;
}

export const REGIONS: readonly Region[] = [
  { name: 'Florida peninsula', contains: (lat, lon) => lat < 30.5 && lon >= -83.5 },
  { name: 'West (Rockies and Pacific)', contains: (_lat, lon) => lon < -104 },
  { name: 'Southern Plains', contains: (lat, lon) => lon < -94 && lat < 37 },
  { name: 'Northern Plains', contains: (_lat, lon) => lon < -94 },
  { name: 'Southeast', contains: (lat) => lat < 37 },
  { name: 'Midwest and Northeast', contains: () => true },
];

export function regionOf(lat: number, lon: number): number {
  return REGIONS.findIndex((r) => r.contains(lat, lon));
}
