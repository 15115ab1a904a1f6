/**
 * Validated requests → search queries: defaults, unit conversions and the
 * rules a schema cannot say (units per peril, years in order, a location or an
 * external_id). Every failure is a 422 naming its field.
 */
import { validationError } from '../errors.js';
import { monthMask } from './search-boxes.js';
import { PERIL_CONFIG, RADIUS_KM_PER_UNIT, type HistoricPeril } from './perils.js';
import { LIMITS } from '../limits.js';
import type { EventsQuery, FilterParam, ShapesBody } from './schema.js';
import type { SearchQuery } from './search.js';
import type { RowFilters } from './store.js';

export function listingQuery(peril: HistoricPeril, q: EventsQuery): SearchQuery {
  return {
    peril,
    location: { lat: q.lat, lon: q.lon, radiusKm: q.radius_km ?? PERIL_CONFIG[peril].defaultRadiusKm },
    externalId: null,
    filters: yearFilters(q.start_year, q.end_year, 'query.'),
    limit: q.limit ?? LIMITS.historicSearch.maxListLimit,
  };
}

/**
 * Every match is returned unless the client chose a `limit`: a default that
 * silently cut the list would hide events from a client that lists first and
 * then fetches each shape. Too many matches is a 422 saying how to narrow.
 */
export function checkNotTruncated(matched: number, limit: number, field: string, advice: string): void {
  if (matched > limit) throw validationError(field, `${matched} events match but one response carries at most ${limit}: ${advice}`);
}

export function shapesQuery(peril: HistoricPeril, body: ShapesBody): SearchQuery {
  if (body.peril_name !== peril) throw validationError('peril_name', `must equal the peril in the path, "${peril}"`);
  const hasLat = body.lat !== undefined;
  const hasLon = body.lon !== undefined;
  if (hasLat !== hasLon) throw validationError(hasLat ? 'lon' : 'lat', 'is required with ' + (hasLat ? 'lat' : 'lon'));
  if (!hasLat && body.external_id === undefined) throw validationError('lat', 'is required (lat and lon, or external_id)');
  const filters: RowFilters = yearFilters(body.start_year, body.end_year, '');
  if (body.months) filters.months = monthMask(body.months);
  if (body.size) filters.minSize = minimumSize(peril, body.size);
  const radiusKm = body.radius ? radiusInKm(body.radius) : PERIL_CONFIG[peril].defaultRadiusKm;
  return {
    peril,
    location: hasLat ? { lat: body.lat!, lon: body.lon!, radiusKm } : null,
    externalId: body.external_id ?? null,
    filters,
    limit: PERIL_CONFIG[peril].shapesCap,
  };
}

function yearFilters(start: number | undefined, end: number | undefined, root: string): RowFilters {
  if (start !== undefined && end !== undefined && end < start) throw validationError(`${root}end_year`, `must not be before start_year (${start})`);
  const filters: RowFilters = {};
  if (start !== undefined) filters.yearFrom = start;
  if (end !== undefined) filters.yearTo = end;
  return filters;
}

/** km, from km (default), mi or m, exactly (1 mi = 1.609344 km). */
export function radiusInKm(radius: FilterParam): number {
  const unit = radius.unit ?? 'km';
  const perUnit = RADIUS_KM_PER_UNIT[unit];
  if (perUnit === undefined) throw validationError('radius.unit', `must be one of ${Object.keys(RADIUS_KM_PER_UNIT).map((u) => `"${u}"`).join(', ')}`);
  if (!(radius.value > 0)) throw validationError('radius.value', 'must be greater than 0');
  const km = radius.value * perUnit;
  if (km > LIMITS.historicSearch.maxRadiusKm * (1 + LIMITS.historicSearch.sizeTolerance)) {
    throw validationError('radius.value', `must be at most ${LIMITS.historicSearch.maxRadiusKm} km (${+(LIMITS.historicSearch.maxRadiusKm / perUnit).toFixed(3)} ${unit})`);
  }
  return km;
}

/** The size filter in the stored unit, loosened by one part in 10⁹ so that exact conversions compare equal. */
export function minimumSize(peril: HistoricPeril, size: FilterParam): number {
  const { perStoredUnit, range, integer } = PERIL_CONFIG[peril].size;
  const units = Object.keys(perStoredUnit);
  if (size.unit === undefined) throw validationError('size.unit', `is required (${units.map((u) => `"${u}"`).join(', ')})`);
  const perUnit = perStoredUnit[size.unit];
  if (perUnit === undefined) throw validationError('size.unit', `must be one of ${units.map((u) => `"${u}"`).join(', ')} for ${peril}`);
  if (range && (size.value < range[0] || size.value > range[1])) throw validationError('size.value', `must be between ${range[0]} and ${range[1]} (${size.unit})`);
  if (integer && !Number.isInteger(size.value)) throw validationError('size.value', `must be a whole ${size.unit} rating`);
  if (size.value < 0) throw validationError('size.value', 'must not be negative');
  return (size.value / perUnit) * (1 - LIMITS.historicSearch.sizeTolerance);
}
