import { Piscina } from 'piscina';
import type { ArtefactBuilder, ArtefactInputs } from '../batch/artefacts.js';
import type { JobRecord } from '../store/records.js';
import type { ArtefactTask, ArtefactThreadData } from './builder-thread.js';

/**
 * The default artefact builder: the reports module's builder run on worker
 * threads (builder-thread.ts), so building a 3-million-row workbook uses a
 * core of its own while the main thread computes other jobs' chunks. Threads
 * start when a build needs one and end after ten minutes idle (a busy service
 * keeps them warm); an aborted build ends its thread (piscina replaces it).
 */
const THREAD_URL = new URL(`./builder-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
const IDLE_MS = 600_000;

export class ThreadedArtefacts implements ArtefactBuilder {
  private readonly pool: Piscina<ArtefactTask, string | null>;

  /** `threads`: the most builds the artefact stage runs at once (its large lanes plus its small one). */
  constructor(data: ArtefactThreadData, threads: number) {
    this.pool = new Piscina({ filename: THREAD_URL.href, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, workerData: data });
  }

  workbook(job: JobRecord, inputs: ArtefactInputs, signal?: AbortSignal): Promise<string | null> {
    return this.pool.run({ step: 'workbook', job, inputs }, { signal });
  }

  report(job: JobRecord, inputs: ArtefactInputs, signal?: AbortSignal): Promise<string | null> {
    return this.pool.run({ step: 'report', job, inputs }, { signal });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
