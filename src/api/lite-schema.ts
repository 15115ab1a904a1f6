import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from '../limits.js';
import { BANDS } from '../lite/bands.js';
import { StringEnum } from './common.js';

/** GET /v1/lite (docs/lite.md): the query and the Lite score object. The web interface's LiteResponse is this schema's type. */
export const LiteQuery = Type.Object(
  {
    location: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength, description: 'Place name; required unless latitude and longitude are given' })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    flood_plus: Type.Optional(Type.Boolean({ description: 'Adds FloodLivePlus; needs the Flood Plus permission' })),
    tag: Type.Optional(Type.String({ maxLength: LIMITS.maxTextLength })),
  },
  { additionalProperties: false },
);

const Score = Type.Object({ score: Type.Integer({ minimum: 1 }), band: StringEnum(BANDS.map((b) => b.name)) });

export const LiteResponse = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  tag: Type.Union([Type.String(), Type.Null()]),
  /** Perils scored here, in registry order. */
  scores: Type.Record(Type.String(), Score),
  /** Every other licensed peril, with the reason it has no score. */
  unavailable: Type.Record(Type.String(), Type.Object({ reason: Type.String() })),
});
export type LiteResponse = Static<typeof LiteResponse>;
