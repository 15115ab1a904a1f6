import path from 'node:path';
import type { TestApp } from '../helpers/app.js';
import { NO_ARTEFACTS } from '../../src/batch/artefacts.js';
import { BatchWorker, type AttemptResult, type WorkerOptions } from '../../src/batch/batch-worker.js';
import { getGeocoder } from '../../src/geo/index.js';

/**
 * A batch worker the test builds itself over an app started with
 * `worker: false`, so it can watch every chunk (`afterChunk`), pick the
 * artefact builder and lanes, and stop the worker where it likes.
 */
export function manualWorker(t: TestApp, options: Partial<WorkerOptions> = {}): BatchWorker {
  const { jobs, files, engine, signer, log, paths, clock } = t.app;
  return new BatchWorker({
    jobs,
    files,
    engine,
    geocoder: getGeocoder,
    jobsDir: paths.jobs,
    uploadsDir: paths.uploads,
    log,
    clock,
    leaseMs: 60_000,
    chunkRows: 2,
    tablesFingerprint: t.app.intake.tablesFingerprint,
    artefacts: NO_ARTEFACTS,
    largeBuilds: 1,
    smallResultsBytes: 0,
    signer,
    publicUrl: '',
    loops: 1,
    maxComputingPerOwner: 0,
    retentionDays: 0,
    pollMs: 20,
    ...options,
  });
}

/** How the next attempt at `jobId` ends. */
export function attemptEnded(worker: BatchWorker, jobId: string): Promise<AttemptResult> {
  return new Promise((resolve) => worker.onAttemptEnded((id, result) => id === jobId && resolve(result)));
}

export function jobDir(t: TestApp, jobId: string): string {
  return path.join(t.app.paths.jobs, jobId);
}
