import type { JobRecord } from '../store/records.js';

/**
 * Where a job stands, for GET /v1/jobs and the web interface's Jobs view
 * (docs/batch.md "Queue"), so a user can see why a job is waiting:
 *   - stage: `queued` (pending), `computing` (running, rows being scored),
 *     `building_artefacts` (running, rows done; results CSV, workbook and
 *     report being written), or the final status;
 *   - queue_position: for a queued job, its place among the owner's queued
 *     jobs (1 = starts next; an owner's jobs start oldest first). Other
 *     owners' jobs never stand ahead of it: owners share the workers fairly;
 *   - waiting_for: for a queued job, `owner_limit` when the owner already
 *     has HAZRISK_BATCH_MAX_RUNNING_PER_OWNER jobs computing, else `worker`
 *     (a worker takes it within a chunk's time; if none runs, it waits).
 */
export type QueueStage = 'queued' | 'computing' | 'building_artefacts' | 'complete' | 'failed' | 'cancelled';

export interface QueueFields {
  stage: QueueStage;
  queue_position: number | null;
  waiting_for: 'owner_limit' | 'worker' | null;
}

export interface OwnerQueue {
  /** Each pending job's place in the owner's queue. */
  positions: Map<string, number>;
  /** The owner's jobs computing rows now. */
  computing: number;
  /** HAZRISK_BATCH_MAX_RUNNING_PER_OWNER (0 = no limit). */
  limit: number;
}

export function queueFields(job: JobRecord, queue: OwnerQueue): QueueFields {
  if (job.status === 'pending') {
    const atLimit = queue.limit > 0 && queue.computing >= queue.limit;
    return { stage: 'queued', queue_position: queue.positions.get(job.id) ?? null, waiting_for: atLimit ? 'owner_limit' : 'worker' };
  }
  const stage = job.status === 'running' ? (job.building_artefacts === 1 ? 'building_artefacts' : 'computing') : job.status;
  return { stage, queue_position: null, waiting_for: null };
}
