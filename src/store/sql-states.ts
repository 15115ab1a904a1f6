import { TRANSITIONS, type JobStatus } from '../job-states.js';

/**
 * The job state table (src/job-states.ts) as SQL fragments, shared by both
 * stores: the same literals mean the same thing in SQLite and PostgreSQL.
 */

/** States as an SQL list, `('a', 'b')` (literals from the table, never user input). */
export function sqlStates(states: readonly JobStatus[]): string {
  return `(${states.map((s) => `'${s}'`).join(', ')})`;
}

/** `status IN (…)`: the states a transition leaves from. */
export function fromStates(transition: keyof typeof TRANSITIONS): string {
  return `status IN ${sqlStates(TRANSITIONS[transition].from)}`;
}
