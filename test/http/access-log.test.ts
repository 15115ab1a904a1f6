import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, it } from '../helpers/harness.js';
import { call, startTestApp, tempDir } from '../helpers/app.js';
import { serveProcess } from '../helpers/serve.js';

/** Issue 18 item 1: the access log is batched off the request path, selectable, and loses nothing at shutdown. */

function captured(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('HAZRISK_ACCESS_LOG', () => {
  for (const [mode, expected] of [
    ['all', [200, 404, 401]],
    ['errors', [404, 401]],
    ['off', []],
  ] as const) {
    it(`${mode}: access-log lines for ${expected.length ? expected.join(', ') : 'no request'}`, async () => {
      const { lines, stream } = captured();
      const t = await startTestApp({ accessLog: mode }, { log: pino({ level: 'info' }, stream) });
      try {
        for (const path of ['/health', '/nope', '/v1/perils']) await call(`${t.url}${path}`);
      } finally {
        await t.close();
      }
      const requests = lines.filter((l) => l.msg === 'request');
      assert.deepEqual(requests.map((l) => l.status), expected);
      // The same line pino's log.info({...}, 'request') writes: its level and time, the logger's bindings, then ours.
      for (const line of requests) {
        assert.deepEqual(Object.keys(line), ['level', 'time', 'pid', 'hostname', 'req_id', 'method', 'path', 'status', 'ms', 'msg']);
        assert.equal(line.level, 30);
        assert.equal(line.pid, process.pid);
        assert.equal(line.method, 'GET');
        assert.ok(typeof line.ms === 'number' && typeof line.time === 'number');
      }
    });
  }
});

describe('no access-log line is lost across SIGTERM under load', () => {
  it('every answered request has its line in stdout after a graceful exit', async () => {
    const server = await serveProcess(tempDir(), { HAZRISK_SHUTDOWN_GRACE_MS: '30000' });
    const answered: string[] = [];
    let sent = false;
    let signalled!: () => void;
    const signalSent = new Promise<void>((resolve) => (signalled = resolve));
    const client = async (): Promise<void> => {
      for (;;) {
        let res: Response;
        try {
          res = await fetch(`${server.url}/health`);
        } catch {
          return; // the listener is closed: this client is done
        }
        await res.arrayBuffer();
        answered.push(res.headers.get('x-request-id')!);
        if (answered.length >= 400 && !sent) {
          sent = true;
          server.child.kill('SIGTERM');
          signalled();
        }
      }
    };
    await Promise.all([client(), client(), client(), client(), signalSent]);
    assert.equal(await server.exited, 0);
    const logged = new Set(
      server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => (JSON.parse(line) as { req_id: string }).req_id),
    );
    const missing = answered.filter((id) => !logged.has(id));
    assert.ok(answered.length >= 400);
    assert.deepEqual(missing, [], `${missing.length} of ${answered.length} answered requests have no access-log line`);
  });
});
