import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../test/helpers/app.js';

/**
 * `hazrisk serve` from a built checkout's dist/, as deployed, on a fresh data
 * dir and an ephemeral port, for benches that compare trees in one run
 * (bench/batch-event-loop.bench.ts, bench/uploads.bench.ts).
 */
export interface DistServer {
  url: string;
  /** The demo key `serve` writes on a fresh data dir. */
  key: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startDistServer(tree: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<DistServer> {
  const dataDir = tempDir('hazrisk-bench-');
  const child = spawn(process.execPath, [...nodeArgs, path.join(tree, 'dist/cli.js'), 'serve'], {
    cwd: tree,
    env: { ...process.env, HAZRISK_DATA_DIR: dataDir, HAZRISK_PORT: '0', HAZRISK_HOST: '127.0.0.1', HAZRISK_ACCESS_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"port":(\d+).*hazrisk listening/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    key: fs.readFileSync(path.join(dataDir, 'demo-key.txt'), 'utf8').trim(),
    dataDir,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
