import type { PerilName } from '../engine/perils.js';
import type { HazardTable } from '../engine/table-spec.js';
import type { MapImage } from './maps/png-world-map.js';

/**
 * How a reference row relates to the model. Only independent rows are
 * evidence; fitted and seen rows show the fit and what the developers saw.
 */
export const EVIDENCE = {
  fitted: 'the reference (or its data) shaped a parameter of the model',
  seen: 'looked at while the model was developed, or shares events with its inputs',
  independent: 'held out of every fit by design before the model was built (whole stations, storms, regions or decades)',
} as const;
export type Evidence = keyof typeof EVIDENCE;

export interface ValidationRow {
  peril: string;
  place: string;
  latitude: number;
  longitude: number;
  quantity: string;
  reference: number | null;
  reference_source: string;
  ours: number;
  ratio: number | null;
  evidence: Evidence;
  note?: string;
}

export interface OrderingCheck {
  peril: string;
  claim: string;
  holds: boolean;
  detail: string;
}

export type BuiltTables = ReadonlyMap<PerilName, HazardTable>;

/**
 * What every model folder's validation.ts exports as `validation`; the
 * validation page (validation-report.ts) runs each in turn.
 */
export interface ModelValidation {
  /** Rows against published references; sourcesDir for checks that reread catalogues. */
  references(tables: BuiltTables, sourcesDir: string): ValidationRow[];
  orderings(tables: BuiltTables): OrderingCheck[];
  /** World maps written under dir (docs/maps), linked from the page. */
  maps?(tables: BuiltTables, dir: string): MapImage[];
}
