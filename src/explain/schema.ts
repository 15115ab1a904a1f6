import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from '../limits.js';

/**
 * POST /v1/explain (issue 36, docs/explain.md): what drives a peril's rate at
 * one threshold at one place. Pure TypeBox: the route's validation, its types
 * and its OpenAPI entry all come from these.
 */
export const ExplainBody = Type.Object(
  {
    peril: Type.String({ description: 'A peril name (GET /v1/perils)' }),
    location: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    threshold: Type.Union([Type.String(), Type.Number()], { description: "One of the peril's thresholds, as GET /v1/perils lists them" }),
    start_date: Type.Optional(Type.String({ format: 'date' })),
    end_date: Type.Optional(Type.String({ format: 'date' })),
  },
  { additionalProperties: false },
);
export type ExplainBody = Static<typeof ExplainBody>;

/** One part of the rate; the optional members say which part (bounds of a bin, kind of a source). */
export const BreakdownItem = Type.Object({
  label: Type.String(),
  /** This item's part of annual_rate, in [0, 1]; a breakdown's shares sum to 1. */
  share: Type.Number({ minimum: 0, maximum: 1 }),
  annual_rate: Type.Number({ minimum: 0 }),
  magnitude_min: Type.Optional(Type.Number()),
  magnitude_max: Type.Optional(Type.Number()),
  distance_min_km: Type.Optional(Type.Number()),
  distance_max_km: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  source_type: Type.Optional(Type.Union([Type.Literal('fault'), Type.Literal('smoothed'), Type.Literal('area'), Type.Literal('other')])),
  /** An observed storm: its best-track id, name (null: unnamed), the UTC day and the 1-min sustained wind (kt) of its site maximum. */
  storm_id: Type.Optional(Type.String()),
  storm_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  date: Type.Optional(Type.String({ format: 'date' })),
  wind_kt: Type.Optional(Type.Number()),
  /** Whether the storm falls in the periods the model is fitted on (false: older records, listed to be recognised). */
  fitted_period: Type.Optional(Type.Boolean()),
});
export type BreakdownItem = Static<typeof BreakdownItem>;

export const Breakdown = Type.Object({
  by: Type.String(),
  /** What the breakdown counts, where its shares are not of the modelled rate itself (observed storms). */
  note: Type.Optional(Type.String()),
  items: Type.Array(BreakdownItem),
});
export type Breakdown = Static<typeof Breakdown>;

export const ExplainResponse = Type.Object({
  peril: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  threshold: Type.Union([Type.String(), Type.Number()]),
  /** The in-depth curve's expected count over the window ÷ the window's years (the one-year rate for the default window). */
  annual_rate: Type.Number({ minimum: 0 }),
  /** Years, six significant digits (docs/methods.md §1; capped at 1,000,000). */
  return_period: Type.Number(),
  breakdowns: Type.Array(Breakdown),
});
export type ExplainResponse = Static<typeof ExplainResponse>;
