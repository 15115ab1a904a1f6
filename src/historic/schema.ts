/**
 * TypeBox schemas of the historic-events requests and responses, declared by
 * the routes in api/historic.ts: the router validates the requests with them,
 * OpenAPI is generated from them and the web interface's types are theirs.
 * Unit names and cross-field rules are checked in request.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from '../limits.js';

const YEAR = { minimum: 1800, maximum: 2200 };

/** The spec's FilterParam: a value and its unit (radius: km by default; size: the peril's units). */
export const FilterParam = Type.Object(
  { value: Type.Number(), unit: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) },
  { additionalProperties: false },
);
export type FilterParam = Static<typeof FilterParam>;

export const ShapesBody = Type.Object(
  {
    peril_name: Type.String({ maxLength: 40, description: 'Must equal the path peril' }),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    radius: Type.Optional(FilterParam),
    size: Type.Optional(FilterParam),
    start_year: Type.Optional(Type.Integer(YEAR)),
    end_year: Type.Optional(Type.Integer(YEAR)),
    months: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { minItems: 1, maxItems: 12 })),
    external_id: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.maxIdLength })),
  },
  { additionalProperties: false },
);
export type ShapesBody = Static<typeof ShapesBody>;

/** GET …/events query (numbers arrive as text; the router converts them before validation). */
export const EventsQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    start_year: Type.Optional(Type.Integer(YEAR)),
    end_year: Type.Optional(Type.Integer(YEAR)),
    radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: LIMITS.historicSearch.maxRadiusKm })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.historicSearch.maxListLimit })),
  },
  { additionalProperties: false },
);
export type EventsQuery = Static<typeof EventsQuery>;

export const ShapesQuery = Type.Object({ include_visual_data: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

const Size = Type.Union([Type.Object({ value: Type.Number(), unit: Type.String() }), Type.Null()]);

export const ListedEvent = Type.Object({
  external_id: Type.String(),
  name: Type.String(),
  start_date: Type.Union([Type.String(), Type.Null()]),
  end_date: Type.Union([Type.String(), Type.Null()]),
  year: Type.Integer(),
  size: Size,
  distance_km: Type.Number(),
  source: Type.String(),
});
export type ListedEvent = Static<typeof ListedEvent>;

export const EventListing = Type.Object({
  peril: Type.String(),
  query: Type.Object({
    lat: Type.Number(),
    lon: Type.Number(),
    radius_km: Type.Number(),
    start_year: Type.Union([Type.Integer(), Type.Null()]),
    end_year: Type.Union([Type.Integer(), Type.Null()]),
    limit: Type.Integer(),
  }),
  count: Type.Integer(),
  matched: Type.Integer(),
  events: Type.Array(ListedEvent),
});
export type EventListing = Static<typeof EventListing>;

/** `properties.visual` with `?include_visual_data=true` (styles.ts): colours `#rrggbb`, opacities 0–1, sizes in pixels. */
export const FootprintVisual = Type.Object({
  stroke: Type.String(),
  stroke_opacity: Type.Number({ minimum: 0, maximum: 1 }),
  stroke_width: Type.Number(),
  fill: Type.String(),
  fill_opacity: Type.Number({ minimum: 0, maximum: 1 }),
  fill_opacity_on_hover: Type.Number({ minimum: 0, maximum: 1 }),
  z_index: Type.Integer(),
  marker_size: Type.Number(),
});
export type FootprintVisual = Static<typeof FootprintVisual>;

export const ShapesResponse = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(
    Type.Object({
      type: Type.Literal('Feature'),
      geometry: Type.Object({ type: Type.Union([Type.Literal('Polygon'), Type.Literal('MultiPolygon')]), coordinates: Type.Array(Type.Any()) }),
      properties: Type.Object({ data: Type.Record(Type.String(), Type.Unknown()), visual: Type.Optional(FootprintVisual) }),
    }),
  ),
  matched: Type.Integer(),
  truncated: Type.Boolean(),
});
export type ShapesResponse = Static<typeof ShapesResponse>;
