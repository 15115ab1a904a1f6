import { MS_PER_DAY, MS_PER_HOUR } from './units.js';
/** Whole days in a duration, for texts that state a limit ("expire after 7 days"). */
export function wholeDays(ms: number): number {
  return Math.round(ms / MS_PER_DAY);
}

/**
 * The one table of limits. Spec-given values are marked; the rest are project
 * decisions documented in docs/api.md ("Limits"). Byte limits are defaults that
 * config.ts lets a deployment override.
 */
export const LIMITS = {
  /** Spec: perils × events per request for v2 and daily. */
  maxCombosInDepth: 25,
  /** Spec: perils × events per request for expanding. */
  maxCombosExpanding: 10,
  /** Spec: window_days range (inclusive). */
  windowDaysMin: 0,
  windowDaysMax: 7,
  /** Spec: hour range (inclusive). */
  hourMin: 0,
  hourMax: 23,
  /** Project: longest event window accepted, in days (about ten years). */
  maxWindowDays: 3660,
  /** Project: earliest and latest calendar year accepted in dates. */
  minYear: 1900,
  maxYear: 2200,
  /** Spec: rows per batch upload. */
  maxBatchRows: 100_000,
  /** Spec: internal processing chunk (rows). */
  batchChunkRows: 10_000,
  /**
   * Project: leases a chunk may have (docs/batch.md "Processing"). A chunk whose lease ran out this many times — its
   * worker died or was cut off each time — fails its job (`chunk_attempts_exhausted`) instead of being taken again, so a
   * poison chunk cannot take down host after host for ever.
   */
  batchChunkAttempts: 3,
  /** Project: a job whose results CSV is at most this size has its artefacts built in the small lane (docs/batch.md "Artefacts"). */
  batchSmallArtefactBytes: 8 * 1024 * 1024,
  /** Project: a temporary upload file older than this belongs to a dead upload; retention removes it. */
  staleUploadMs: MS_PER_DAY,
  /**
   * Project: a writer's temporary file (src/store/paths.ts temporaryName) last written this long ago belongs to a writer
   * that died mid-write; retention removes it. A live writer touches its file with every write, and none pauses this long.
   */
  staleTemporaryMs: MS_PER_HOUR,
  /** Project: how many row-level errors an upload rejection lists. */
  maxReportedRowErrors: 100,
  /** Spec: pre-signed link lifetime, 7 days in ms. */
  signedUrlLifetimeMs: 7 * MS_PER_DAY,
  /** Spec: API key lifetime, one year in days. */
  keyLifetimeDays: 365,
  /** Project: JSON and msgpack answers at least this long (characters or bytes) are gzip-compressed for clients that accept it (docs/api.md "Compression"). */
  compressMinLength: 1024,
  /** Project: default JSON body limit (bytes). */
  jsonBodyBytes: 1024 * 1024,
  /** Project: default upload limit (bytes). */
  uploadBytes: 64 * 1024 * 1024,
  /** Project: longest accepted text field (location, tag) in characters. */
  maxTextLength: 500,
  /** Project: perils named in one request (the catalogue has 11; a longer list is a client error, refused before it is read). */
  maxPerilsPerRequest: 20,
  /** Project: longest id a client sends back to us (file_id, a historic external_id), in characters. */
  maxIdLength: 100,
  /** Project: entries in the owner's schedule and job lists (GET /v1/schedules, /v1/jobs), newest first. */
  maxListedItems: 200,
  /** Project: uploads in progress at once (received to disk, or waiting for their check); one more is a 503 uploads_busy (docs/batch.md "Upload"). */
  uploadsInFlight: 64,
  /** Project: uploads whose rows are checked at once (memory grows with a file's rows; docs/batch.md "Upload"). */
  uploadChecksAtOnce: 2,
  /** Project: Retry-After on 503 uploads_busy, in seconds. */
  uploadsBusyRetrySeconds: 5,
  /** Project: the Keep-Alive timeout announced on every response, in seconds: below uWS's fixed idle close (8–11 s; docs/operations.md). */
  keepAliveSeconds: 5,
  /** Project: how often an idle batch worker looks for claimable jobs (a submission wakes it at once). */
  batchIdlePollMs: 500,
  /** Project: historic event searches (docs/historic.md). */
  historicSearch: {
    /** Largest search radius, any unit (km). */
    maxRadiusKm: 500,
    /** Most events one listing carries: every match up to this by default; more matches answer 422 unless `limit` asks for the nearest. */
    maxListLimit: 1000,
    /** Relative slack in size comparisons, for unit conversions' floating-point rounding. */
    sizeTolerance: 1e-9,
  },
  /**
   * Project: report size rules (docs/reports.md "Large schedules"): what a 100,000-location report keeps
   * inline so it opens in a few seconds. Everything beyond these caps stays in the results CSV, which the report links.
   */
  report: {
    /** Map points: locations are binned to the finest grid giving at most this many points. */
    mapPoints: 10_000,
    /** Lite triage table: the riskiest results kept per peril (all of them for smaller schedules). */
    triageRowsPerPeril: 2_000,
    /** In-depth: the most exposed locations kept per peril, at its key threshold. */
    exposedRowsPerPeril: 500,
    /** Failure records listed (in file order); the total is always stated. */
    failureRows: 1_000,
    /** Rows per page of every client-side table. */
    pageRows: 50,
    /** Map point labels are cut to this many characters (the full text is in the CSV). */
    labelChars: 80,
  },
} as const;
