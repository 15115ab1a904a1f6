import { FairQueue, type Account } from './fair-queue.js';
import { jobPerils } from './records.js';
import { ChunkScheduler, type ChunkSource } from './scheduler.js';

/**
 * The fair pick inside a claim (docs/batch.md "Scheduling"), the same for
 * both stores: they load the jobs with work and the owners' accounts, in the
 * claim's transaction, and save the accounts this returns. The rules are the
 * chunk scheduler's (scheduler.ts): owners by work served, then the
 * owner's job with the least work left, the earliest on a tie.
 */

/** A job that may get the next chunk: a running one with chunks not yet accepted, or a pending one within its owner's limit. */
export interface FairCandidate {
  id: string;
  owner: string;
  /** Work units of a row: the job's perils. */
  perils: number;
  /** Rows of its chunks not yet accepted (in flight included); a pending job's total. */
  rowsLeft: number;
  /** Rows of its next waiting chunk, or null when every chunk left is in flight. */
  nextChunkRows: number | null;
}

/** A candidate as both stores' claim queries select it. */
export interface CandidateRow {
  id: string;
  owner: string;
  options: string;
  status: 'pending' | 'running';
  rows_left: number;
  next_rows: number | null;
}

/** The candidates of a claim, running jobs first (the tie-break), each keeping its status. */
export function candidatesOf(rows: readonly CandidateRow[]): (FairCandidate & { status: CandidateRow['status'] })[] {
  return rows.map((r) => ({ id: r.id, owner: r.owner, status: r.status, perils: jobPerils(r), rowsLeft: r.rows_left, nextChunkRows: r.next_rows }));
}

/** An owner's account as a store keeps it. */
export interface OwnerAccountRow {
  owner: string;
  work: number;
  last_served: number;
}

/**
 * The candidate whose chunk goes next (charged to its owner), or undefined; and the accounts to save: those of the
 * owners with a candidate (an owner without one has left, and its account is forgotten), newcomers at the floor.
 * `candidates` come in the order they were held (running first, then by submission): the tie-break.
 */
export function pickFairly<C extends FairCandidate>(candidates: readonly C[], saved: readonly OwnerAccountRow[]): { picked: C | undefined; accounts: OwnerAccountRow[] } {
  const present = new Set(candidates.map((c) => c.owner));
  const queue = FairQueue.restore<string>(saved.filter((a) => present.has(a.owner)).map((a): [string, Account] => [a.owner, { work: a.work, lastServed: a.last_served }]));
  const scheduler = new ChunkScheduler<FairCandidate & ChunkSource>(queue);
  for (const c of candidates) {
    scheduler.add({ ...c, ready: () => c.nextChunkRows !== null, nextChunkWork: () => (c.nextChunkRows ?? 0) * c.perils, workLeft: () => c.rowsLeft * c.perils });
  }
  const picked = scheduler.next();
  return {
    picked: picked && candidates.find((c) => c.id === picked.id),
    accounts: queue.snapshot().map(([owner, a]) => ({ owner, work: a.work, last_served: a.lastServed })),
  };
}
