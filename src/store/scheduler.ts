import { FairQueue } from './fair-queue.js';

/**
 * Which job's chunk runs next (docs/batch.md "Scheduling"); the stores run it
 * inside every claim over the jobs with work (fair-claim.ts). Across owners:
 * fair queueing by work (fair-queue.ts), so an owner's small job waits at most
 * for the chunks already in flight, never for another owner's large job. The
 * owner is charged its next chunk's work when it is picked, so a second loop
 * picking at once sees the charge. Within the chosen owner: its job with the
 * least work left, the earliest held on a tie — all the jobs are the owner's
 * own, so finishing one before starting the next gives each result sooner
 * (none later than taking turns would) and starts its artefact build on
 * another core while the next job computes.
 */
export interface ChunkSource {
  readonly id: string;
  readonly owner: string;
  /** True when the job has a chunk waiting to be computed. */
  ready(): boolean;
  /** Work units of its next chunk: rows × perils. */
  nextChunkWork(): number;
  /** Work units of every chunk it has still to compute, the next one included. */
  workLeft(): number;
}

export class ChunkScheduler<J extends ChunkSource> {
  /** Each owner's held jobs, in the order they were added (the tie-break). */
  private readonly byOwner = new Map<string, Map<string, J>>();

  /** `owners`: the owners' accounts, restored from a store when every worker of a cluster serves from the same ones. */
  constructor(private readonly owners = new FairQueue<string>()) {}

  add(job: J): void {
    let jobs = this.byOwner.get(job.owner);
    if (!jobs) {
      jobs = new Map();
      this.byOwner.set(job.owner, jobs);
      this.owners.join(job.owner);
    }
    jobs.set(job.id, job);
  }

  remove(job: J): void {
    const jobs = this.byOwner.get(job.owner);
    if (!jobs?.delete(job.id) || jobs.size > 0) return;
    this.byOwner.delete(job.owner);
    this.owners.leave(job.owner);
  }

  /** The job whose next chunk should run now, its owner already charged for it; undefined when no job has a chunk ready. */
  next(): J | undefined {
    const ready = new Map<string, J>();
    for (const [owner, jobs] of this.byOwner) {
      const job = leastWorkLeft(jobs.values());
      if (job) ready.set(owner, job);
    }
    const owner = this.owners.pick(ready.keys());
    if (owner === undefined) return undefined;
    const job = ready.get(owner)!;
    this.owners.charge(owner, job.nextChunkWork());
    return job;
  }
}

/** The ready job with the least work left; the first of them on a tie. */
function leastWorkLeft<J extends ChunkSource>(jobs: Iterable<J>): J | undefined {
  let best: J | undefined;
  for (const job of jobs) if (job.ready() && (!best || job.workLeft() < best.workLeft())) best = job;
  return best;
}
