/**
 * The event store on disk (docs/historic.md "Store layout"): `events.db`
 * (SQLite), one `index-<Peril>.bin` per peril (a Flatbush R-tree over the
 * boxes that cover each event's footprints, plus the event id of every box)
 * and `manifest.json`. Shared by the writer (build.ts) and the reader
 * (store.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import Flatbush from 'flatbush';
import { HISTORIC_PERILS, type HistoricPeril } from './perils.js';

/** Bumped whenever the layout or the footprint methods change; the reader refuses other versions. */
export const STORE_FORMAT = 1;

export const STORE_FILES = {
  db: 'events.db',
  manifest: 'manifest.json',
  index: (peril: HistoricPeril): string => `index-${peril}.bin`,
} as const;

export function storeFile(eventsDir: string, name: string): string {
  return path.join(eventsDir, name);
}

/** True when any store file is absent (never built, or removed). */
export function eventStoreMissing(eventsDir: string): boolean {
  const files = [STORE_FILES.db, STORE_FILES.manifest, ...HISTORIC_PERILS.map(STORE_FILES.index)];
  return files.some((name) => !fs.existsSync(storeFile(eventsDir, name)));
}

export const STORE_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  peril TEXT NOT NULL,
  external_id TEXT NOT NULL,
  name TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT,
  year_start INTEGER NOT NULL,
  year_end INTEGER NOT NULL,
  months INTEGER NOT NULL,
  size_value REAL,
  size_unit TEXT NOT NULL,
  centroid_lat REAL NOT NULL,
  centroid_lon REAL NOT NULL,
  min_lon REAL NOT NULL,
  min_lat REAL NOT NULL,
  max_lon REAL NOT NULL,
  max_lat REAL NOT NULL,
  source TEXT NOT NULL,
  properties TEXT NOT NULL
);
CREATE UNIQUE INDEX events_external_id ON events (peril, external_id);
CREATE TABLE footprints (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events (id),
  ordinal INTEGER NOT NULL,
  value REAL,
  properties TEXT NOT NULL,
  geometry BLOB NOT NULL
);
CREATE UNIQUE INDEX footprints_event ON footprints (event_id, ordinal);
`;

const MAGIC = 0x49455a48; // "HZEI"
const HEADER_BYTES = 16;

/** Header (magic, format, item count, Flatbush bytes), the Flatbush data, padding to 8 bytes, then a Uint32 event id per item. */
export function encodeIndex(index: Flatbush | null, eventIds: Uint32Array): Buffer {
  const treeBytes = index ? index.data.byteLength : 0;
  const padded = Math.ceil(treeBytes / 8) * 8;
  const out = Buffer.alloc(HEADER_BYTES + padded + eventIds.byteLength);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(STORE_FORMAT, 4);
  out.writeUInt32LE(eventIds.length, 8);
  out.writeUInt32LE(treeBytes, 12);
  if (index) Buffer.from(index.data as ArrayBuffer).copy(out, HEADER_BYTES);
  Buffer.from(eventIds.buffer, eventIds.byteOffset, eventIds.byteLength).copy(out, HEADER_BYTES + padded);
  return out;
}

export interface PerilIndex {
  /** null when the peril has no events. */
  tree: Flatbush | null;
  eventIds: Uint32Array;
}

export function decodeIndex(bytes: Uint8Array, file: string): PerilIndex {
  // A private, 8-byte aligned copy: Flatbush reads Float64 boxes in place.
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  const view = new DataView(buffer);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0, true) !== MAGIC) throw new Error(`${file}: not an event-store index`);
  const format = view.getUint32(4, true);
  if (format !== STORE_FORMAT) throw new Error(`${file}: store format ${format}, this build reads ${STORE_FORMAT}; run \`hazrisk events build\``);
  const count = view.getUint32(8, true);
  const treeBytes = view.getUint32(12, true);
  const padded = Math.ceil(treeBytes / 8) * 8;
  if (bytes.byteLength !== HEADER_BYTES + padded + count * 4) throw new Error(`${file}: truncated index`);
  return {
    tree: count > 0 ? Flatbush.from(buffer, HEADER_BYTES) : null,
    eventIds: new Uint32Array(buffer, HEADER_BYTES + padded, count),
  };
}
