import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from '../../limits.js';

/**
 * The Event object, the three request bodies and the response (spec "Event
 * object", endpoints). A null member is absent (the validator drops it first).
 * Pure TypeBox: the web interface's in-depth types are these schemas' types.
 */
export const EventSchema = Type.Object(
  {
    index: Type.Optional(Type.Integer({ minimum: 0 })),
    tag: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
    location: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    start_date: Type.Optional(Type.String({ format: 'date' })),
    end_date: Type.Optional(Type.String({ format: 'date' })),
    start_hour: Type.Optional(Type.Integer({ minimum: LIMITS.hourMin, maximum: LIMITS.hourMax })),
    end_hour: Type.Optional(Type.Integer({ minimum: LIMITS.hourMin, maximum: LIMITS.hourMax })),
  },
  { additionalProperties: false },
);
export type EventInput = Static<typeof EventSchema>;

const WindowDays = Type.Integer({ minimum: LIMITS.windowDaysMin, maximum: LIMITS.windowDaysMax });
const Perils = Type.Array(Type.String(), { minItems: 1, maxItems: LIMITS.maxPerilsPerRequest });
const events = (max: number) => Type.Array(EventSchema, { minItems: 1, maxItems: max });

export const InDepthBody = Type.Object(
  { perils: Perils, events: events(LIMITS.maxCombosInDepth), window_days: Type.Optional(WindowDays) },
  { additionalProperties: false },
);
export const DailyBody = Type.Object({ perils: Perils, events: events(LIMITS.maxCombosInDepth) }, { additionalProperties: false });
export const ExpandingBody = Type.Object(
  { perils: Perils, events: events(LIMITS.maxCombosExpanding), window_days: WindowDays },
  { additionalProperties: false },
);

const Threshold = Type.Union([Type.String(), Type.Number()]);
/** One curve, members in the order the answer writes them (answer.ts; checked by test/api/in-depth-answer.test.ts). */
export const ResultSchema = Type.Object({
  index: Type.Integer(),
  window_index: Type.Optional(Type.Integer()),
  peril: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  threshold: Type.Array(Threshold),
  probability: Type.Array(Type.Number()),
  return_period: Type.Optional(Type.Array(Type.Number())),
  unit: Type.String(),
});
export type ResultObject = Static<typeof ResultSchema>;

export const FailedItemSchema = Type.Object({
  index: Type.Integer(),
  stage: Type.Union([Type.Literal('geocoding'), Type.Literal('model_execution')]),
  error: Type.String(),
  peril: Type.Union([Type.String(), Type.Null()]),
  window_index: Type.Union([Type.Integer(), Type.Null()]),
});
export type FailedItem = Static<typeof FailedItemSchema>;

const Outcomes = (names: string[]) => Type.Object(Object.fromEntries(names.map((n) => [n, Type.Integer()])));
export const MetadataSchema = Type.Object({
  total_requested: Type.Integer(),
  successful: Type.Integer(),
  failed: Type.Integer(),
  partial_failure: Type.Boolean(),
  event_outcomes: Outcomes(['requested', 'successful', 'partially_successful', 'failed']),
  peril_outcomes: Outcomes(['requested', 'successful', 'failed']),
  model_versions: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
});
export type Metadata = Static<typeof MetadataSchema>;

export const InDepthResponse = Type.Object({ results: Type.Array(ResultSchema), failed_items: Type.Array(FailedItemSchema), metadata: MetadataSchema });
export type InDepthResponse = Static<typeof InDepthResponse>;
