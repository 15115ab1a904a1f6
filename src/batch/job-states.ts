/**
 * The batch job state machine (spec "States and transitions", docs/batch.md
 * "States"): the states, and every transition with what causes it. The job
 * store guards each write with the states its transition leaves from, and the
 * API schema lists the states from here, so neither can name one the other
 * does not know. Pure data: the web interface imports it through the schema.
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

/** States as an SQL list, `('a', 'b')` (literals from this table, never user input). */
export function sqlStates(states: readonly JobStatus[]): string {
  return `(${states.map((s) => `'${s}'`).join(', ')})`;
}

/** `status IN (…)` for SQL: the states a transition leaves from. */
export function fromStates(transition: keyof typeof TRANSITIONS): string {
  return `status IN ${sqlStates(TRANSITIONS[transition].from)}`;
}
