/**
 * The event store, read-only: the SQLite tables and the per-peril spatial
 * indexes (store-format.ts). Opened once per process by the historic routes;
 * the indexes are held in memory (about 18 MB for the full catalogues).
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Box } from './search-boxes.js';
import { HISTORIC_PERILS, type HistoricPeril } from './perils.js';
import { decodeIndex, STORE_FILES, STORE_FORMAT, storeFile, type PerilIndex } from './store-format.js';

export interface EventRow {
  id: number;
  peril: HistoricPeril;
  external_id: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  year_start: number;
  year_end: number;
  months: number;
  size_value: number | null;
  size_unit: string;
  centroid_lat: number;
  centroid_lon: number;
  source: string;
  /** The first (largest) footprint, encoded (codec.ts): what distances are measured to. */
  outline: Buffer;
}

export interface FootprintRow {
  id: number;
  event_id: number;
  ordinal: number;
  value: number | null;
  properties: string;
  geometry: Buffer;
}

/** Row filters applied in SQL; each is optional. */
export interface RowFilters {
  yearFrom?: number;
  yearTo?: number;
  /** Bit mask of months (bit m − 1 for month m); events touching any of them match. */
  months?: number;
  /** Smallest size, in the stored unit, already loosened for rounding by the caller. */
  minSize?: number;
}

const EVENT_COLUMNS = `e.id, e.peril, e.external_id, e.name, e.start_date, e.end_date, e.year_start, e.year_end, e.months, e.size_value, e.size_unit,
  e.centroid_lat, e.centroid_lon, e.source, f.geometry AS outline`;

export class EventStore {
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(
    private readonly db: Database.Database,
    private readonly indexes: ReadonlyMap<HistoricPeril, PerilIndex>,
  ) {}

  /** Throws when a file is missing, unreadable or of another format. */
  static open(eventsDir: string): EventStore {
    const db = new Database(storeFile(eventsDir, STORE_FILES.db), { readonly: true, fileMustExist: true });
    try {
      const format = (db.prepare("SELECT value FROM meta WHERE key = 'format'").get() as { value: string } | undefined)?.value;
      if (format !== String(STORE_FORMAT)) throw new Error(`event store format ${format ?? 'unknown'}, this build reads ${STORE_FORMAT}; run \`hazrisk events build\``);
      const indexes = new Map<HistoricPeril, PerilIndex>();
      for (const peril of HISTORIC_PERILS) {
        const file = storeFile(eventsDir, STORE_FILES.index(peril));
        indexes.set(peril, decodeIndex(fs.readFileSync(file), file));
      }
      return new EventStore(db, indexes);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  close(): void {
    this.db.close();
  }

  /** Ids (ascending) of the events with an index box touching any of the boxes. */
  candidateIds(peril: HistoricPeril, boxes: readonly Box[]): number[] {
    const { tree, eventIds } = this.indexes.get(peril)!;
    if (!tree) return [];
    const ids = new Set<number>();
    for (const b of boxes) for (const item of tree.search(b.minLon, b.minLat, b.maxLon, b.maxLat)) ids.add(eventIds[item]!);
    return [...ids].sort((a, b) => a - b);
  }

  /** The rows of ids (from candidateIds, so all of one peril) that pass the filters. */
  events(ids: readonly number[], filters: RowFilters): EventRow[] {
    if (ids.length === 0) return [];
    const { clause, params } = filterClause(filters);
    // Only the id list drives the lookup (rowid searches); a peril condition would make SQLite scan the peril's rows instead.
    return this.statement(`SELECT ${EVENT_COLUMNS} FROM events e JOIN footprints f ON f.event_id = e.id AND f.ordinal = 0
      WHERE e.id IN (SELECT value FROM json_each(@ids))${clause} ORDER BY e.id`).all({ ...params, ids: JSON.stringify(ids) }) as EventRow[];
  }

  eventByExternalId(peril: HistoricPeril, externalId: string, filters: RowFilters): EventRow | null {
    const { clause, params } = filterClause(filters);
    const row = this.statement(`SELECT ${EVENT_COLUMNS} FROM events e JOIN footprints f ON f.event_id = e.id AND f.ordinal = 0
      WHERE e.peril = @peril AND e.external_id = @externalId${clause}`).get({ ...params, peril, externalId });
    return (row as EventRow | undefined) ?? null;
  }

  /** Peril-specific members (JSON) by event id. */
  propertiesOf(eventIds: readonly number[]): Map<number, string> {
    const rows = this.statement('SELECT id, properties FROM events WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(eventIds)) as { id: number; properties: string }[];
    return new Map(rows.map((r) => [r.id, r.properties]));
  }

  /** Footprints by event id, largest first. */
  footprintsOf(eventIds: readonly number[]): Map<number, FootprintRow[]> {
    const rows = this.statement(
      'SELECT id, event_id, ordinal, value, properties, geometry FROM footprints WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, ordinal',
    ).all(JSON.stringify(eventIds)) as FootprintRow[];
    const byEvent = new Map<number, FootprintRow[]>();
    for (const row of rows) {
      const list = byEvent.get(row.event_id);
      if (list) list.push(row);
      else byEvent.set(row.event_id, [row]);
    }
    return byEvent;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }
}

function filterClause(f: RowFilters): { clause: string; params: Record<string, number> } {
  let clause = '';
  const params: Record<string, number> = {};
  if (f.yearFrom !== undefined) {
    clause += ' AND e.year_end >= @yearFrom';
    params.yearFrom = f.yearFrom;
  }
  if (f.yearTo !== undefined) {
    clause += ' AND e.year_start <= @yearTo';
    params.yearTo = f.yearTo;
  }
  if (f.months !== undefined) {
    clause += ' AND (e.months & @months) != 0';
    params.months = f.months;
  }
  if (f.minSize !== undefined) {
    clause += ' AND e.size_value >= @minSize';
    params.minSize = f.minSize;
  }
  return { clause, params };
}
