/**
 * The batch job state machine (spec "States and transitions", docs/batch.md
 * "States"): the states, and every transition with what causes it. Both job
 * stores (src/store/sqlite, src/store/postgres) guard each write with the
 * states its transition leaves from, and the API schema lists the states from
 * here, so none can name one the others do not know. Pure data: the web
 * interface imports it through the schema; it sits at the top of src/ because
 * the store (below batch) and batch both read it.
 */
export const JOB_KINDS = ['in_depth', 'lite'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['pending', 'running', 'complete', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATES)[number];

/** States a job never leaves. */
export const FINISHED_STATES = ['complete', 'failed', 'cancelled'] as const satisfies readonly JobStatus[];

export const TRANSITIONS = {
  /** A worker takes a pending job (attempt + 1), or restarts a running one whose lease ran out (attempt + 1, progress reset). */
  claim: { from: ['pending', 'running'], to: 'running' },
  /** Rows, results CSV, report and storage steps succeeded. */
  complete: { from: ['running'], to: 'complete' },
  /** Job infrastructure, CSV, HTML or storage failed; the error says why. */
  fail: { from: ['running'], to: 'failed' },
  /** DELETE …/batch/{job_id}; cooperative: the worker sees it at its next lease renewal. */
  cancel: { from: ['pending', 'running'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus }>;
