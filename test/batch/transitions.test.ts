import assert from 'node:assert/strict';
import { after, before, describe, it } from '../helpers/harness.js';
import { insertJob, sqliteDb, startTestApp, type TestApp } from '../helpers/app.js';
import { upload } from '../helpers/batch.js';
import { JOB_STATES, TRANSITIONS, type JobStatus } from '../../src/job-states.js';

/**
 * The job store follows the one transition table (batch/job-states.ts, spec
 * "States and transitions"): from every state, each write the store offers
 * moves a job exactly where the table says, and from a state the table does
 * not list it changes nothing.
 */
const NOW = Date.UTC(2026, 10, 28, 12, 0);
const WORKER = 'worker-1';
let t: TestApp;
let fileId: string;

before(async () => {
  t = await startTestApp({}, { worker: false, clock: () => NOW });
  const key = await t.key({ owner: 'o' });
  fileId = (await upload(t.url, key, 'latitude,longitude\n1,2\n')).body.file_id;
});
after(() => t.close());

/** A job in `state`, held by WORKER when running. */
async function jobIn(state: JobStatus, n: number): Promise<string> {
  const job = await insertJob(t.app, { owner: 'o', keyId: 'k', kind: 'in_depth', fileId, options: { perils: ['Earthquake'] }, idempotencyKey: `${state}-${n}`, submissionDate: '2026-11-28', totalRows: 1, now: NOW });
  sqliteDb(t.app).prepare('UPDATE jobs SET status = ?, lease_owner = ?, lease_expires_at = ? WHERE id = ?').run(state, state === 'running' ? WORKER : null, state === 'running' ? NOW + 60_000 : null, job.id);
  return job.id;
}

describe('job state transitions', () => {
  const writes: Record<'cancel' | 'complete' | 'fail', (id: string) => Promise<unknown>> = {
    cancel: (id) => t.app.jobs.cancel(id, NOW),
    complete: (id) => t.app.jobs.complete(id, WORKER, { result: 'results.csv', report: null, workbook: null }, NOW),
    fail: (id) => t.app.jobs.fail(id, WORKER, 'broken', NOW),
  };
  let n = 0;
  for (const [name, write] of Object.entries(writes) as [keyof typeof writes, (id: string) => Promise<unknown>][]) {
    it(`${name}: from ${TRANSITIONS[name].from.join(' or ')} to ${TRANSITIONS[name].to}, from any other state nothing`, async () => {
      for (const state of JOB_STATES) {
        const id = await jobIn(state, n++);
        await write(id);
        const expected = (TRANSITIONS[name].from as readonly JobStatus[]).includes(state) ? TRANSITIONS[name].to : state;
        assert.equal((await t.app.jobs.byId(id))!.status, expected, `${name} from ${state}`);
      }
    });
  }

  it('claim: a pending job, or a running one whose lease ran out, becomes running with the attempt counted', async () => {
    for (const state of JOB_STATES) sqliteDb(t.app).prepare("UPDATE jobs SET status = 'cancelled' WHERE status = ?").run(state);
    const pending = await jobIn('pending', n++);
    // A running job with no chunk left to compute holds its lease for the artefact stage.
    const expired = await jobIn('running', n++);
    sqliteDb(t.app).prepare('UPDATE jobs SET lease_expires_at = ? WHERE id = ?').run(NOW - 1, expired);
    const rules = { chunkRows: 10, maxComputingPerOwner: 0, maxChunkAttempts: 3, tablesFingerprint: t.app.intake.tablesFingerprint };
    const claimed = [];
    for (let i = 0; i < 3; i++) claimed.push(await t.app.jobs.claim('worker-2', 60_000, NOW, rules));
    assert.deepEqual(claimed.map((c) => c && [c.kind, c.job.id, c.job.attempt]), [['artefacts', expired, 1], ['chunk', pending, 1], undefined], 'nothing else to claim');
    for (const id of [pending, expired]) assert.equal((await t.app.jobs.byId(id))!.status, TRANSITIONS.claim.to);
  });
});
