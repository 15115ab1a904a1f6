/** Licensable modes (docs/api.md "Keys and licences"): which routes each one opens. */
export const MODES = ['in_depth', 'lite', 'batch', 'historic'] as const;
export type Mode = (typeof MODES)[number];
