/**
 * The one table of report size rules (docs/reports.md "Large schedules"):
 * what a 100,000-location report keeps inline so it opens in a few seconds.
 * Everything beyond these caps stays in the results CSV, which the report links.
 */
export const REPORT_LIMITS = {
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
} as const;
