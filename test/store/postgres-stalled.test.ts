import assert from 'node:assert/strict';
import pg from 'pg';
import { after, describe, it } from '../helpers/harness.js';
import { postgresSkip, startPostgres, type TestCluster } from '../helpers/postgres.js';
import { CLAIM_LOCK } from '../../src/store/postgres/claim.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { createPool } from '../../src/store/postgres/pool.js';

/**
 * A host that goes silent inside a transaction — its cable pulled, or the
 * process frozen, in the middle of a claim — holds the claim lock that every
 * host's claims take. The server ends such a session after
 * STALLED_TRANSACTION_MS (src/store/postgres/pool.ts), so the other hosts'
 * claims go on; without it they would wait until the silent connection died,
 * which without keepalives takes hours (and this test would time out).
 */
const skip = postgresSkip('a claim held up by a session stalled inside a transaction');
let cluster: TestCluster | undefined;
after(async () => {
  await cluster?.stop();
});

describe('PostgreSQL: a session stalled inside a claim', () => {
  it('is ended by the server, and the claims waiting on its lock go on', { skip, timeout: 60_000 }, async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const store = await PostgresStore.open(url);
    const silent = createPool(url);
    silent.on('error', () => undefined);
    try {
      const client = await silent.connect();
      // The server ends the session: the driver reports it (the FATAL, or the connection closed) as errors on the client.
      client.on('error', () => undefined);
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      // The client now sends nothing more, as a host cut off mid-claim would not.
      const claim = await store.jobs.claim('w-live', 2000, Date.now(), { chunkRows: 1000, maxComputingPerOwner: 0, maxChunkAttempts: 3, tablesFingerprint: 'tables' });
      assert.equal(claim, undefined, 'the claim ran (there is no job to hand out)');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // Its backend releases the lock as it exits, and leaves pg_stat_activity a moment later.
        while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rows.length > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      } finally {
        await admin.end();
      }
      client.release(true);
    } finally {
      await silent.end();
      await store.close();
    }
  });
});
