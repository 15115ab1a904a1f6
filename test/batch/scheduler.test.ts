import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { ChunkScheduler, type ChunkSource } from '../../src/store/scheduler.js';

/**
 * The chunk scheduler's two rules (docs/batch.md "Scheduling"), on stand-in
 * jobs whose chunks are "computed" by the test: owners take turns by work, and
 * within an owner the job with the least work left goes first.
 */
class FakeJob implements ChunkSource {
  inFlight = false;
  constructor(
    readonly id: string,
    readonly owner: string,
    private chunksLeft: number,
    private readonly workPerChunk = 10,
  ) {}
  ready(): boolean {
    return !this.inFlight && this.chunksLeft > 0;
  }
  nextChunkWork(): number {
    return this.workPerChunk;
  }
  workLeft(): number {
    return this.chunksLeft * this.workPerChunk;
  }
  /** The chunk the scheduler picked has been computed. */
  computed(): void {
    this.chunksLeft--;
  }
}

/** Pick and compute chunks one at a time until none is ready; the ids in the order they ran. */
function drain(scheduler: ChunkScheduler<FakeJob>, picks = Infinity): string[] {
  const order: string[] = [];
  for (let job = scheduler.next(); job && order.length < picks; job = scheduler.next()) {
    order.push(job.id);
    job.computed();
  }
  return order;
}

describe('chunk scheduler', () => {
  it("runs an owner's equal jobs one after another, in the order they were added", () => {
    const scheduler = new ChunkScheduler<FakeJob>();
    for (const id of ['a1', 'a2', 'a3']) scheduler.add(new FakeJob(id, 'A', 3));
    assert.deepEqual(drain(scheduler), ['a1', 'a1', 'a1', 'a2', 'a2', 'a2', 'a3', 'a3', 'a3']);
  });

  it("serves an owner's job with less work left before its larger job, even one added mid-way", () => {
    const scheduler = new ChunkScheduler<FakeJob>();
    scheduler.add(new FakeJob('large', 'A', 5));
    const started = drain(scheduler, 2);
    scheduler.add(new FakeJob('small', 'A', 1));
    assert.deepEqual([...started, ...drain(scheduler)], ['large', 'large', 'small', 'large', 'large', 'large']);
  });

  it('gives owners turns by work, however many jobs each holds', () => {
    const scheduler = new ChunkScheduler<FakeJob>();
    scheduler.add(new FakeJob('a1', 'A', 2));
    scheduler.add(new FakeJob('a2', 'A', 2));
    scheduler.add(new FakeJob('b1', 'B', 4));
    assert.deepEqual(drain(scheduler), ['a1', 'b1', 'a1', 'b1', 'a2', 'b1', 'a2', 'b1']);
  });

  it("passes over a job with a chunk in flight to the owner's next job", () => {
    const scheduler = new ChunkScheduler<FakeJob>();
    const first = new FakeJob('a1', 'A', 2);
    scheduler.add(first);
    scheduler.add(new FakeJob('a2', 'A', 3));
    assert.equal(scheduler.next(), first);
    first.inFlight = true;
    assert.equal(scheduler.next()?.id, 'a2', 'a second loop takes the next job while the first computes');
    first.inFlight = false;
    scheduler.remove(first);
    assert.deepEqual(drain(scheduler), ['a2', 'a2', 'a2']);
  });
});
