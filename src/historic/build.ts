/**
 * `hazrisk events build`: read the catalogues, build every footprint and
 * write the event store (store-format.ts) into a fresh directory beside
 * eventsDir, then swap it in, so a running server never sees half a store.
 * Deterministic: readers sort their events, rows go in in that order, and
 * nothing records a time, so the same inputs give identical files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import Flatbush from 'flatbush';
import { encodeFootprint } from './codec.js';
import type { HistoricEvent } from './event.js';
import { footprintBox, footprintCentroid } from './footprint-box.js';
import { hailEvents } from './hail.js';
import { HISTORIC_PERILS, PERIL_CONFIG, type HistoricPeril } from './perils.js';
import { encodeIndex, STORE_FILES, STORE_FORMAT, STORE_SCHEMA, storeFile } from './store-format.js';
import { tornadoEvents } from './tornado.js';
import { tropicalCycloneEvents } from './tropical-cyclone.js';
import { wildfireEvents } from './wildfire.js';

export { eventStoreMissing } from './store-format.js';

export type BuildProgress = (fraction: number, label: string) => void;

export interface PerilSummary {
  events: number;
  footprints: number;
  index_boxes: number;
}

export interface StoreManifest {
  format: number;
  perils: Record<HistoricPeril, PerilSummary>;
  files: Record<string, { bytes: number; sha256: string }>;
}

/** Where each peril's events come from, and the share of build time it takes (for progress). */
const READERS: Record<HistoricPeril, { share: number; read: (sourcesDir: string, progress: (f: number) => void) => Iterable<HistoricEvent> }> = {
  Hail: { share: 0.25, read: (dir) => hailEvents(dir) },
  Wildfire: { share: 0.1, read: (dir) => wildfireEvents(dir) },
  TropicalCyclone: { share: 0.5, read: (dir, progress) => tropicalCycloneEvents(dir, progress) },
  Tornado: { share: 0.15, read: (dir) => tornadoEvents(dir) },
};

export async function buildEventStore(sourcesDir: string, eventsDir: string, progress: BuildProgress = () => {}): Promise<StoreManifest> {
  const staging = `${eventsDir}.build-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    const db = new Database(storeFile(staging, STORE_FILES.db));
    const perils = {} as Record<HistoricPeril, PerilSummary>;
    try {
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.exec(STORE_SCHEMA);
      let done = 0;
      for (const peril of HISTORIC_PERILS) {
        const { share, read } = READERS[peril];
        const report = (f: number): void => progress(done + share * Math.min(1, f), peril);
        report(0);
        perils[peril] = writePeril(db, staging, peril, read(sourcesDir, report));
        done += share;
      }
      const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      meta.run('format', String(STORE_FORMAT));
      meta.run('perils', JSON.stringify(perils));
    } finally {
      db.close();
    }
    const files: StoreManifest['files'] = {};
    for (const name of [STORE_FILES.db, ...HISTORIC_PERILS.map(STORE_FILES.index)]) {
      const bytes = fs.readFileSync(storeFile(staging, name));
      files[name] = { bytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
    }
    const manifest: StoreManifest = { format: STORE_FORMAT, perils, files };
    fs.writeFileSync(storeFile(staging, STORE_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    swapIn(staging, eventsDir);
    progress(1, 'done');
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function writePeril(db: Database.Database, dir: string, peril: HistoricPeril, events: Iterable<HistoricEvent>): PerilSummary {
  const insertEvent = db.prepare(`INSERT INTO events (peril, external_id, name, start_date, end_date, year_start, year_end, months, size_value, size_unit,
    centroid_lat, centroid_lon, min_lon, min_lat, max_lon, max_lat, source, properties) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertFootprint = db.prepare('INSERT INTO footprints (event_id, ordinal, value, properties, geometry) VALUES (?, ?, ?, ?, ?)');
  const boxes: number[] = [];
  const owners: number[] = [];
  const summary: PerilSummary = { events: 0, footprints: 0, index_boxes: 0 };
  db.transaction(() => {
    for (const e of events) {
      const outline = e.footprints[0]!.geometry;
      const box = footprintBox(outline);
      const [lon, lat] = footprintCentroid(outline);
      const { lastInsertRowid } = insertEvent.run(
        peril, e.externalId, e.name, e.startDate, e.endDate, e.yearStart, e.yearEnd, e.months, e.size, PERIL_CONFIG[peril].size.unit,
        lat, lon, box.minLon, box.minLat, box.maxLon, box.maxLat, e.source, JSON.stringify(e.properties),
      );
      e.footprints.forEach((f, ordinal) => insertFootprint.run(lastInsertRowid, ordinal, f.value, JSON.stringify(f.properties), encodeFootprint(f.geometry)));
      for (const piece of e.pieces) {
        boxes.push(piece.minLon, piece.minLat, piece.maxLon, piece.maxLat);
        owners.push(Number(lastInsertRowid));
      }
      summary.events++;
      summary.footprints += e.footprints.length;
    }
  })();
  summary.index_boxes = owners.length;
  let tree: Flatbush | null = null;
  if (owners.length > 0) {
    tree = new Flatbush(owners.length);
    for (let k = 0; k < boxes.length; k += 4) tree.add(boxes[k]!, boxes[k + 1]!, boxes[k + 2]!, boxes[k + 3]!);
    tree.finish();
  }
  fs.writeFileSync(storeFile(dir, STORE_FILES.index(peril)), encodeIndex(tree, Uint32Array.from(owners)));
  return summary;
}

/** Replace eventsDir by the staged directory: two renames, the old store removed after. */
function swapIn(staging: string, eventsDir: string): void {
  const retired = `${eventsDir}.old-${process.pid}`;
  fs.rmSync(retired, { recursive: true, force: true });
  if (fs.existsSync(eventsDir)) fs.renameSync(eventsDir, retired);
  fs.renameSync(staging, eventsDir);
  fs.rmSync(retired, { recursive: true, force: true });
}
