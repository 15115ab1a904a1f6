/**
 * Reading a query string: a "lat, lon" pair, a US ZIP code, or a place name
 * with comma-separated qualifiers ("Miami, FL, USA").
 */
import { normalizeText } from './normalize.js';

export interface CoordinatePair {
  latitude: number;
  longitude: number;
}

/** "25.76, -80.19", "25.76,-80.19", "25.76 -80.19" or "25.76; -80.19". */
const COORDINATE_PAIR = /^([+-]?\d{1,3}(?:\.\d+)?)\s*(?:[,;]|\s)\s*([+-]?\d{1,3}(?:\.\d+)?)$/;
const PART_SEPARATOR = /[,;]/;
/** Trailing parts that only restate the country of a ZIP ("10001, USA"). */
const UNITED_STATES = new Set(['us', 'usa', 'unitedstates', 'unitedstatesofamerica', 'america']);

/** The numbers of a "lat, lon" string, not range-checked; null when the text is not one. */
export function parseCoordinatePair(text: string): CoordinatePair | null {
  const pair = COORDINATE_PAIR.exec(text.trim());
  if (!pair) return null;
  return { latitude: Number(pair[1]), longitude: Number(pair[2]) };
}

/** Normalised comma- (or semicolon-) separated parts, empty ones dropped. */
export function splitParts(text: string): string[] {
  return text
    .split(PART_SEPARATOR)
    .map(normalizeText)
    .filter((part) => part !== '');
}

export interface ZipQuery {
  /** Five digits. */
  zip: string;
  /** The parts with the ZIP (and a ZIP+4 suffix) taken out, for a name lookup when the ZIP is unknown. */
  rest: string[];
}

/**
 * A US ZIP at the end of the query: "10001", "10001-1234", "NY 10001",
 * "New York, NY 10001, USA". Normalisation has already turned "-" into a space.
 */
export function extractZip(parts: readonly string[]): ZipQuery | null {
  let last = parts.length - 1;
  while (last > 0 && UNITED_STATES.has(parts[last]!.replaceAll(' ', ''))) last--;
  const words = parts[last]?.split(' ') ?? [];
  let end = words.length;
  if (end >= 2 && /^\d{4}$/.test(words[end - 1]!) && /^\d{5}$/.test(words[end - 2]!)) end--;
  const candidate = words[end - 1] ?? '';
  if (!/^\d{5}(?:\d{4})?$/.test(candidate)) return null;
  const remainder = words.slice(0, end - 1).join(' ');
  const rest = [...parts.slice(0, last), ...(remainder ? [remainder] : []), ...parts.slice(last + 1)];
  return { zip: candidate.slice(0, 5), rest };
}
