/**
 * The explorer's place field: "lat, lon" (two numbers, comma or space
 * separated) is used as coordinates, anything else is sent as a place name
 * for the service to geocode.
 */
export type Place =
  | { kind: 'name'; location: string }
  | { kind: 'coordinates'; latitude: number; longitude: number }
  | { kind: 'invalid'; message: string };

const COORDINATES = /^\s*([+-]?\d+(?:\.\d+)?)\s*[,\s]\s*([+-]?\d+(?:\.\d+)?)\s*$/;

export function parsePlace(text: string): Place | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = COORDINATES.exec(trimmed);
  if (match) {
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) > 90) return { kind: 'invalid', message: 'Latitude must be between -90 and 90.' };
    if (Math.abs(longitude) > 180) return { kind: 'invalid', message: 'Longitude must be between -180 and 180.' };
    return { kind: 'coordinates', latitude, longitude };
  }
  return { kind: 'name', location: trimmed };
}
