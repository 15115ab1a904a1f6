import { Type, type Static } from '@sinclair/typebox';
import { MODES } from '../auth/modes.js';
import { PERIL_NAMES } from '../engine/perils.js';
import { StringEnum } from './common.js';

/** GET /v1/perils (docs/api.md "Utility endpoints"). The web interface's PerilInfo is this schema's type. */
const ThresholdValue = Type.Union([Type.String(), Type.Number()]);

export const PerilInfo = Type.Object({
  name: StringEnum(PERIL_NAMES),
  category: StringEnum(['catastrophe', 'weather']),
  unit: Type.String(),
  threshold_type: StringEnum(['string', 'number']),
  thresholds: Type.Array(ThresholdValue),
  model_type: StringEnum(['rate', 'daily', 'accumulation']),
  cumulative: Type.Boolean(),
  lite_threshold: Type.Union([Type.Object({ threshold: ThresholdValue, description: Type.String(), basis: Type.String(), us_only: Type.Boolean(), flood_plus: Type.Boolean() }), Type.Null()]),
  /** The modes this peril serves, narrowed to the key's licence. */
  modes: Type.Array(StringEnum(MODES)),
  coverage: Type.String(),
  /** The table checksum; null while the table is not built. */
  model_version: Type.Union([Type.String(), Type.Null()]),
});
export type PerilInfo = Static<typeof PerilInfo>;

export const PerilsBody = Type.Object({ perils: Type.Array(PerilInfo) });
