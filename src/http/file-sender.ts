import fs from 'node:fs';
import { promisify } from 'node:util';

/**
 * Opens a file to answer with, and streams it as the body of a uWS response, with backpressure.
 * Kept apart from uws.ts, and typed by the few calls it makes, so that the
 * one module importing uWebSockets.js stays that one.
 *
 * Two things here are not the textbook uWS streaming example, on purpose:
 *
 * - The size and the bytes come from one file descriptor, opened once by the
 *   route (openFile), which takes its ETag and ranges from the same stat: a
 *   path stat'ed and then opened again may name two versions of the file (a
 *   compressed copy or an artefact renamed over it in between), and the
 *   ETag, Content-Length or range of one with the bytes of the other is a
 *   corrupt body.
 *
 * - One onWritable handler serves the whole response and reads the chunk it
 *   retries from `pending`. uWS 20.30 (HttpResponseData::callOnWritable) puts
 *   back the handler it is running whenever *any* handler is set meanwhile,
 *   and uWS.js calls it through node::MakeCallback, which runs the tick and
 *   microtask queues before returning to uWS. So a handler registered for the
 *   next chunk from there (a stream resumed in the handler emits its buffered
 *   chunk in a tick, and that write fails) was replaced by the previous
 *   chunk's: its retry wrote nothing, resumed the stream, and the rest of the
 *   current chunk was never sent. Over a 1500-byte MTU (a small send buffer)
 *   that lost bytes in every large download: gzip bodies failed their CRC
 *   ("incorrect data check") and the response never reached its length.
 *   Fixed upstream in 2026 (uWebSockets 34809c2).
 */
export interface FileResponse {
  writeStatus(status: string): unknown;
  writeHeader(name: string, value: string): unknown;
  getWriteOffset(): number;
  tryEnd(body: Uint8Array, totalSize: number): [boolean, boolean];
  onWritable(handler: (offset: number) => boolean): unknown;
  cork(cb: () => void): unknown;
  end(): unknown;
  close(): unknown;
}

/** What the exchange knows of its client: whether it went away, and a listener for when it does. */
export interface ClientState {
  readonly aborted: boolean;
  onAbort(listener: () => void): void;
}

/** A file opened to answer with, and the stat of that descriptor: what the answer says of the file (ETag, length, ranges). */
export interface OpenFile {
  fd: number;
  stat: fs.BigIntStats;
}

const CHUNK_BYTES = 256 * 1024;
const read = promisify(fs.read);

/** Open `file` to answer with; null when there is no regular file at that path. */
export function openFile(file: string): OpenFile | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let stat: fs.BigIntStats | undefined;
  try {
    stat = fs.fstatSync(fd, { bigint: true });
  } finally {
    if (!stat?.isFile()) fs.closeSync(fd);
  }
  return stat.isFile() ? { fd, stat } : null;
}

/** Close a file opened for an answer that does not send it (a 304, a HEAD, a client gone). Sending closes it itself. */
export function closeFile(file: OpenFile): void {
  fs.closeSync(file.fd);
}

/**
 * Sends the status, the headers and `total` bytes of `fd` from `position`, then closes `fd`. Resolves once the
 * body is handed to uWS whole, the client went away, or the read failed (the connection is then closed: the
 * headers are gone, and a body cut short must not pass for whole).
 */
export async function sendFile(res: FileResponse, client: ClientState, statusLine: string, headers: Record<string, string>, fd: number, position: number, total: number): Promise<void> {
  let pending: { data: Uint8Array; start: number; written: () => void } | null = null;
  const settle = (): void => {
    const waiting = pending;
    pending = null;
    waiting?.written();
  };
  const tryEnd = (data: Uint8Array): boolean => {
    let result: [boolean, boolean] = [false, false];
    res.cork(() => {
      result = res.tryEnd(data, total);
    });
    // done (the last byte handed over) counts as written: uWS drains what it buffered itself.
    return result[0] || result[1];
  };
  const onWritable = (offset: number): boolean => {
    // A call with nothing pending (a spurious one, or after the chunk went out) has nothing to retry.
    if (!pending) return true;
    const ok = tryEnd(pending.data.subarray(Math.min(offset - pending.start, pending.data.length)));
    if (ok) settle();
    return ok;
  };
  client.onAbort(settle);
  try {
    res.cork(() => {
      res.writeStatus(statusLine);
      for (const name in headers) res.writeHeader(name, headers[name]!);
      if (total === 0) res.end();
    });
    // One buffer, reused: a chunk is read only once the one before it is wholly handed to uWS.
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, total));
    for (let sent = 0; sent < total && !client.aborted; ) {
      const { bytesRead } = await read(fd, buffer, 0, Math.min(buffer.length, total - sent), position + sent);
      if (client.aborted) return;
      if (bytesRead === 0) throw new Error('the file ended before its size');
      const data = buffer.subarray(0, bytesRead);
      const start = res.getWriteOffset();
      sent += bytesRead;
      if (tryEnd(data)) continue;
      await new Promise<void>((resolve) => {
        pending = { data, start, written: resolve };
        res.onWritable(onWritable);
      });
    }
  } catch {
    if (!client.aborted) res.cork(() => res.close());
  } finally {
    fs.close(fd, () => undefined);
  }
}
