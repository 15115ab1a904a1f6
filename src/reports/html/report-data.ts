import type { MapPoints } from '../summary/map-bins.js';

/**
 * The inline JSON the client script (client/report.ts) renders from: the map
 * points and the paginated tables. Compact by design: peril and band columns
 * hold positions into `perils` and `bands`, not names.
 */
export type ColumnType = 'text' | 'number' | 'percent' | 'peril' | 'band';
export type TableCell = string | number | null;

export interface TableSpec {
  columns: { label: string; type: ColumnType }[];
  rows: TableCell[][];
  /** Column holding a peril position: the table gets a peril filter. */
  perilColumn?: number;
  /** Offer "All perils" in the filter (else one peril at a time). */
  allPerils?: boolean;
  defaultPeril?: number;
  /** Column holding a band rank: the chart's band selection filters the table. */
  bandColumn?: number;
  empty: string;
}

export interface ReportData {
  perils: string[];
  /** Per class (band rank): its name and the legend text the map shows. */
  bands: { name: string; label: string }[];
  noClass: number;
  mapScale: number;
  pageRows: number;
  map: MapPoints | null;
  tables: Record<string, TableSpec>;
}
