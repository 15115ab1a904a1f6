import { FairQueue } from './fair-queue.js';

/**
 * Which job's chunk runs next (docs/batch.md "Scheduling"): fair queueing by
 * work at two levels — first across owners, then across the chosen owner's
 * jobs — with the same rule at both (fair-queue.ts). A job is charged its
 * next chunk's work when it is picked, so a second loop picking at once sees
 * the charge. An owner's small job therefore waits at most for the chunks
 * already in flight, never for another owner's large job.
 */
export interface ChunkSource {
  readonly id: string;
  readonly owner: string;
  /** True when the job has a chunk to compute and none in flight. */
  ready(): boolean;
  /** Work units of its next chunk: rows × perils, or 0 when a checkpoint will be re-read. */
  nextChunkWork(): number;
}

interface OwnerJobs<J> {
  queue: FairQueue<string>;
  jobs: Map<string, J>;
}

export class ChunkScheduler<J extends ChunkSource> {
  private readonly owners = new FairQueue<string>();
  private readonly byOwner = new Map<string, OwnerJobs<J>>();

  add(job: J): void {
    let owner = this.byOwner.get(job.owner);
    if (!owner) {
      owner = { queue: new FairQueue<string>(), jobs: new Map() };
      this.byOwner.set(job.owner, owner);
      this.owners.join(job.owner);
    }
    owner.jobs.set(job.id, job);
    owner.queue.join(job.id);
  }

  remove(job: J): void {
    const owner = this.byOwner.get(job.owner);
    if (!owner?.jobs.delete(job.id)) return;
    owner.queue.leave(job.id);
    if (owner.jobs.size > 0) return;
    this.byOwner.delete(job.owner);
    this.owners.leave(job.owner);
  }

  /** The job whose next chunk should run now, already charged for it; undefined when no job has a chunk ready. */
  next(): J | undefined {
    const ready = new Map<string, J[]>();
    for (const [owner, { jobs }] of this.byOwner) {
      const list = [...jobs.values()].filter((job) => job.ready());
      if (list.length > 0) ready.set(owner, list);
    }
    const owner = this.owners.pick(ready.keys());
    if (owner === undefined) return undefined;
    const { queue, jobs } = this.byOwner.get(owner)!;
    const job = jobs.get(queue.pick(ready.get(owner)!.map((j) => j.id))!)!;
    const work = job.nextChunkWork();
    this.owners.charge(owner, work);
    queue.charge(job.id, work);
    return job;
  }
}
