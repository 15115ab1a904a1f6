import path from 'node:path';
import type { Logger } from 'pino';
import { LIMITS } from '../limits.js';
import type { ArtefactBuilder, ArtefactInputs } from './artefacts.js';
import type { JobAttempt } from './attempt.js';
import type { AssembledResults } from './chunk-files.js';
import type { FailureRecorder } from './failure-record.js';
import type { JobRepository } from '../store/store.js';
import { Lane } from './lane.js';
import { untilAnswered } from '../store/outage.js';
import type { UrlSigner } from './signing.js';
import { signedPath, type ArtefactName } from './status.js';

/**
 * The artefact stage (docs/batch.md "Artefacts"): a job whose rows are all
 * processed leaves the chunk scheduler at once — progress holds at 99 and it
 * no longer counts against its owner's limit — and here gets its results CSV
 * assembled, then its workbook and its report built, then completes. Builds
 * run in lanes while other jobs' chunks compute: at most `largeBuilds` large
 * ones at once (the memory bound), and one lane of its own for jobs whose
 * results CSV is small, so a small job never waits behind a large workbook.
 */
export interface ArtefactStageDeps {
  jobs: JobRepository;
  artefacts: ArtefactBuilder;
  signer: UrlSigner;
  /** HAZRISK_PUBLIC_URL ('' = links relative to the service). */
  publicUrl: string;
  clock: () => number;
  log: Logger;
  workerId: string;
  /** How a job that fails here is marked failed (the worker's, which retries when the database is full). */
  failures: FailureRecorder;
  /** HAZRISK_BATCH_ARTEFACT_BUILDS: large builds at once. */
  largeBuilds: number;
  /** Results CSVs up to this size go to the small lane (LIMITS.batchSmallArtefactBytes; tests lower it). */
  smallResultsBytes: number;
}

/** How the stage ended for a job; `reopened`: chunk files were missing, and those chunks went back to the workers. */
export type StageOutcome = 'complete' | 'failed' | 'lost' | 'stopped' | 'reopened';

export class ArtefactStage {
  private readonly large: Lane;
  private readonly small = new Lane(1);
  /** One controller per job in the stage: aborted when its lease is lost or the worker stops. */
  private readonly builds = new Map<string, { controller: AbortController; done: Promise<StageOutcome> }>();
  private stopping = false;

  constructor(private readonly deps: ArtefactStageDeps) {
    this.large = new Lane(Math.max(1, deps.largeBuilds));
  }

  /** Take a job with every row processed through to `complete`; resolves with how its attempt ended. */
  finish(attempt: JobAttempt): Promise<StageOutcome> {
    const controller = new AbortController();
    const done = this.run(attempt, controller.signal).finally(() => this.builds.delete(attempt.id));
    this.builds.set(attempt.id, { controller, done });
    return done;
  }

  /** The job was cancelled or its lease taken over: stop its build (its outcome is then `lost`). False when the job is not here. */
  abandon(jobId: string): boolean {
    const build = this.builds.get(jobId);
    build?.controller.abort();
    return build !== undefined;
  }

  /** Abort every build, wait for each to end, and hand the leases back (outcome `stopped`). */
  async stop(): Promise<void> {
    this.stopping = true;
    const builds = [...this.builds.values()];
    for (const build of builds) build.controller.abort();
    await Promise.all(builds.map((b) => b.done));
  }

  private async run(attempt: JobAttempt, signal: AbortSignal): Promise<StageOutcome> {
    const { jobs, workerId, log } = this.deps;
    const ended = async (): Promise<StageOutcome | null> => {
      if (this.stopping) {
        await jobs.release(attempt.id, workerId).catch((err: unknown) => log.error({ job_id: attempt.id, err }, 'lease not handed back; it expires instead'));
        return 'stopped';
      }
      return attempt.lost || signal.aborted ? 'lost' : null;
    };
    // A database away for a while (restarting, out of reach) is waited for, not taken for the job's failure: the
    // work is done, and the answer, once it comes, says whether the lease still holds.
    const answered = <T>(what: string, call: () => Promise<T>) =>
      untilAnswered(call, { log, what, context: { job_id: attempt.id }, stop: () => this.stopping || attempt.lost || signal.aborted });
    try {
      const expiresAt = this.deps.clock() + LIMITS.signedUrlLifetimeMs;
      if (!(await answered('artefact stage start', () => jobs.markBuildingArtefacts(attempt.id, workerId, expiresAt)))) return 'lost';
      const assembled = await attempt.assemble();
      if (!assembled) return 'lost';
      if (assembled === 'reopened') return 'reopened';
      const release = await (assembled.resultsBytes <= this.deps.smallResultsBytes ? this.small : this.large).acquire();
      try {
        const before = await ended();
        if (before) return before;
        const files = await this.build(attempt, assembled, expiresAt, signal);
        const after = await ended();
        if (after) return after;
        return (await answered('job completion', () => jobs.complete(attempt.id, workerId, files, this.deps.clock()))) ? 'complete' : 'lost';
      } finally {
        release();
      }
    } catch (err) {
      const stopped = await ended();
      if (stopped) return stopped;
      await this.deps.failures.record(attempt.id, err);
      return 'failed';
    }
  }

  /** Workbook first (the report links to it), then the report; a failed artefact is null, never a failed job (spec rule 3). */
  private async build(attempt: JobAttempt, assembled: AssembledResults, expiresAt: number, signal: AbortSignal) {
    const { artefacts, log } = this.deps;
    const link = (name: ArtefactName): string => `${this.deps.publicUrl}${signedPath(this.deps.signer, attempt.id, name, expiresAt)}`;
    const inputs: ArtefactInputs = { results: assembled.results, failures: assembled.failures, dir: attempt.dir, filename: attempt.filename, workbook: null, links: { results: link('results.csv'), workbook: null, expiresAt } };
    const missing = (what: string) => (err: unknown): null => {
      if (!signal.aborted) log.warn({ job_id: attempt.id, err }, `${what} failed; ${what}_url will be null`);
      return null;
    };
    const workbook = await artefacts.workbook(attempt.job, inputs, signal).catch(missing('workbook'));
    const withWorkbook = { ...inputs, workbook, links: { ...inputs.links, workbook: workbook && link('workbook.xlsx') } };
    const report = signal.aborted ? null : await artefacts.report(attempt.job, withWorkbook, signal).catch(missing('report'));
    return { result: path.basename(assembled.results), report: report && path.basename(report), workbook: workbook && path.basename(workbook) };
  }
}
