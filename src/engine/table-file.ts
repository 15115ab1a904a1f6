import crypto from 'node:crypto';
import { perilByCode, perilDef, type ModelType, type PerilName } from './perils.js';
import { cumulative, normaliseDiurnal, normaliseSeason, HOURS, SEASON_SLOTS } from './profiles.js';
import { checkTable, type GridDef, type HazardTable, type TableMeta } from './table-spec.js';
import { expectedCountFromProbability } from './formulas.js';
import { liteRanks } from './lite-rank.js';

/**
 * The binary hazard-table format (docs/table-format.md). A file is its own
 * memory image: the loader copies it unchanged into shared memory and the
 * kernel reads header and sections at offsets from the table's base.
 */
export const TABLE_MAGIC = 0x5452_5a48; // "HZRT" little-endian
export const TABLE_VERSION = 1;
export const HEADER_BYTES = 256;
const CHECKSUM_AT = 160;
const HASHED_HEADER_BYTES = 152;
/** Header offsets the kernel reads too (assembly/layout.ts; a guard test keeps them equal). */
export const HEADER_FIELDS_AT = { modelType: 12, thresholdCount: 16, sectionTable: 80 } as const;
/** Each section-table entry: u32 offset, u32 length. */
export const SECTION_ENTRY_BYTES = 8;
const SECTION_TABLE_AT = HEADER_FIELDS_AT.sectionTable;
const ALIGN = 16;

export const MODEL_TYPE_CODES: Record<ModelType, number> = { rate: 0, daily: 1, accumulation: 2 };
const MODEL_TYPES = ['rate', 'daily', 'accumulation'] as const;

/** Section order in the file; the kernel uses the same indices. */
export const SECTIONS = ['cellRow', 'data', 'seasonOfRow', 'seasonCum', 'diurnalOfRow', 'diurnalCum', 'metadata', 'thresholdValues', 'liteRank'] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface TableInfo {
  peril: PerilName;
  type: ModelType;
  thresholdCount: number;
  rows: number;
  grid: GridDef;
  seasonProfiles: number;
  diurnalProfiles: number;
  sections: Record<SectionName, { offset: number; bytes: number }>;
  /** Hex SHA-256 of header fields and body; its first 16 characters are the model_version. */
  checksum: string;
  modelVersion: string;
  metadata: { peril: PerilName; thresholds: (string | number)[]; unit: string; meta: TableMeta };
  byteLength: number;
}

/** Serialise a checked table. Deterministic: same table → same bytes. */
export function encodeTable(table: HazardTable): Uint8Array {
  checkTable(table);
  const def = perilDef(table.peril);
  const parts: Partial<Record<SectionName, Uint8Array>> = {
    cellRow: bytes(table.cellRow),
    metadata: new TextEncoder().encode(JSON.stringify({ peril: def.name, thresholds: def.thresholds, unit: def.unit, meta: table.meta })),
    thresholdValues: bytes(Float64Array.from(def.thresholds, (t) => (typeof t === 'number' ? t : Number.NaN))),
  };
  const ranks = liteRanks(table);
  if (ranks) parts.liteRank = bytes(ranks);
  let seasonProfiles = 0;
  let diurnalProfiles = 0;
  if (table.type === 'rate') {
    seasonProfiles = table.seasonWeights.length / SEASON_SLOTS;
    diurnalProfiles = table.diurnalShares.length / HOURS;
    parts.data = bytes(table.rates);
    parts.seasonOfRow = bytes(table.seasonOfRow);
    parts.seasonCum = bytes(cumulative(normaliseSeason(table.seasonWeights), SEASON_SLOTS));
    parts.diurnalOfRow = bytes(table.diurnalOfRow);
    parts.diurnalCum = bytes(cumulative(normaliseDiurnal(table.diurnalShares), HOURS));
  } else if (table.type === 'daily') {
    // Stored as daily hazard −ln(1 − p) so the kernel only multiplies and adds.
    parts.data = bytes(table.dailyProb.map(expectedCountFromProbability));
  } else {
    parts.data = bytes(table.params);
  }
  let offset = HEADER_BYTES;
  const layout = SECTIONS.map((name) => {
    const part = parts[name] ?? new Uint8Array(0);
    const at = offset;
    offset = align(offset + part.byteLength);
    return { name, at, part };
  });
  const out = new Uint8Array(offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, TABLE_MAGIC, true);
  view.setUint32(4, TABLE_VERSION, true);
  view.setUint32(8, def.code, true);
  view.setUint32(HEADER_FIELDS_AT.modelType, MODEL_TYPE_CODES[table.type], true);
  view.setUint32(HEADER_FIELDS_AT.thresholdCount, def.thresholds.length, true);
  view.setUint32(20, table.rows, true);
  view.setUint32(24, table.grid.nlat, true);
  view.setUint32(28, table.grid.nlon, true);
  view.setFloat64(32, table.grid.lat0, true);
  view.setFloat64(40, table.grid.lon0, true);
  view.setFloat64(48, table.grid.dlat, true);
  view.setFloat64(56, table.grid.dlon, true);
  view.setUint32(64, seasonProfiles, true);
  view.setUint32(68, diurnalProfiles, true);
  view.setUint32(72, SECTIONS.length, true);
  layout.forEach(({ at, part }, i) => {
    view.setUint32(SECTION_TABLE_AT + i * SECTION_ENTRY_BYTES, at, true);
    view.setUint32(SECTION_TABLE_AT + i * SECTION_ENTRY_BYTES + 4, part.byteLength, true);
    out.set(part, at);
  });
  out.set(digest(out), CHECKSUM_AT);
  return out;
}

/** Parse and verify a table image (magic, version, checksum, sizes). */
export function decodeTableInfo(image: Uint8Array): TableInfo {
  if (image.byteLength < HEADER_BYTES) throw new Error('hazard table: file shorter than its header');
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  if (view.getUint32(0, true) !== TABLE_MAGIC) throw new Error('hazard table: bad magic');
  const version = view.getUint32(4, true);
  if (version !== TABLE_VERSION) throw new Error(`hazard table: version ${version}, this build reads ${TABLE_VERSION}`);
  const stored = Buffer.from(image.subarray(CHECKSUM_AT, CHECKSUM_AT + 32)).toString('hex');
  const actual = Buffer.from(digest(image)).toString('hex');
  if (stored !== actual) throw new Error('hazard table: checksum mismatch (file corrupt or truncated)');
  const def = perilByCode(view.getUint32(8, true));
  if (!def) throw new Error(`hazard table: unknown peril code ${view.getUint32(8, true)}`);
  const sections = {} as TableInfo['sections'];
  SECTIONS.forEach((name, i) => {
    const offset = view.getUint32(SECTION_TABLE_AT + i * SECTION_ENTRY_BYTES, true);
    const length = view.getUint32(SECTION_TABLE_AT + i * SECTION_ENTRY_BYTES + 4, true);
    if (offset + length > image.byteLength) throw new Error(`hazard table: section ${name} runs past the end`);
    sections[name] = { offset, bytes: length };
  });
  const meta = sections.metadata;
  const metadata = JSON.parse(new TextDecoder().decode(image.subarray(meta.offset, meta.offset + meta.bytes))) as TableInfo['metadata'];
  return {
    peril: def.name,
    type: MODEL_TYPES[view.getUint32(HEADER_FIELDS_AT.modelType, true)]!,
    thresholdCount: view.getUint32(HEADER_FIELDS_AT.thresholdCount, true),
    rows: view.getUint32(20, true),
    grid: {
      nlat: view.getUint32(24, true),
      nlon: view.getUint32(28, true),
      lat0: view.getFloat64(32, true),
      lon0: view.getFloat64(40, true),
      dlat: view.getFloat64(48, true),
      dlon: view.getFloat64(56, true),
    },
    seasonProfiles: view.getUint32(64, true),
    diurnalProfiles: view.getUint32(68, true),
    sections,
    checksum: actual,
    modelVersion: actual.slice(0, 16),
    metadata,
    byteLength: image.byteLength,
  };
}

function digest(image: Uint8Array): Uint8Array {
  const hash = crypto.createHash('sha256');
  hash.update(image.subarray(0, HASHED_HEADER_BYTES));
  hash.update(image.subarray(HEADER_BYTES));
  return hash.digest();
}

function bytes(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function align(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}
