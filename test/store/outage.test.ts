import assert from 'node:assert/strict';
import { pino } from 'pino';
import { describe, it } from '../helpers/harness.js';
import { isOutage, untilAnswered } from '../../src/store/outage.js';

/**
 * Which store errors batch work waits out (src/store/outage.ts): the database
 * away — restarting, out of reach, busy — and nothing else. The real outages
 * (a PostgreSQL restart, a database down during the artefact stage, a cable
 * pulled) are in postgres-restart.test.ts and cluster-netns.test.ts.
 */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('store outages', () => {
  it('the database away is an outage; a full disk, a constraint or a bug is not', () => {
    const outages = [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('ENETUNREACH'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006', 'connection failure'),
      coded('25P03', 'terminating connection due to idle-in-transaction timeout'),
      coded('SQLITE_BUSY'),
      new Error('Connection terminated unexpectedly'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed'),
    ];
    const others = [coded('ENOSPC'), coded('SQLITE_FULL'), coded('53100', 'could not extend file: No space left on device'), coded('23505', 'duplicate key'), coded('42P01', 'relation does not exist'), new TypeError('x is undefined'), null, 'text'];
    assert.deepEqual(outages.map(isOutage), outages.map(() => true));
    assert.deepEqual(others.map(isOutage), others.map(() => false));
  });

  it('a call is made again through an outage, logged once; any other error, or a stop, ends the waiting', async () => {
    const lines: { msg: string; job_id: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    let calls = 0;
    const answer = await untilAnswered(
      async () => {
        if (++calls < 3) throw coded('ECONNREFUSED');
        return 'answered';
      },
      { log, what: 'checkpoint', context: { job_id: 'j1' } },
    );
    assert.deepEqual([answer, calls], ['answered', 3]);
    assert.deepEqual(
      lines.map((l) => [l.job_id, l.msg]),
      [['j1', 'checkpoint: the database is away; tried again until it answers']],
    );

    calls = 0;
    const fail = (code: string) => async (): Promise<never> => {
      calls++;
      throw coded(code);
    };
    await assert.rejects(untilAnswered(fail('ENOSPC'), { log, what: 'checkpoint', context: {} }), { code: 'ENOSPC' });
    assert.equal(calls, 1, 'a full disk is not waited out');
    calls = 0;
    await assert.rejects(untilAnswered(fail('ECONNREFUSED'), { log, what: 'checkpoint', context: {}, stop: () => calls >= 2 }), { code: 'ECONNREFUSED' });
    assert.equal(calls, 2, 'a stop ends the waiting at the next failure');
  });
});
