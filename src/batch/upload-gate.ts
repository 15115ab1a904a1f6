import { httpError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { Lane } from './lane.js';

/**
 * The bound on uploads (docs/batch.md "Upload"): at most `checks` uploads have
 * their rows checked at the same time — the part whose memory grows with the
 * file — the others waiting their turn with their bytes on disk (receiving
 * streams to a file), so memory stays near `checks` × one file's rows however
 * many arrive together. At most `inFlight` uploads are in progress at all: one
 * more is refused at once with 503 uploads_busy and Retry-After, before its
 * body is read (a bound on open files and temporary disk, far above what a
 * client sends at once).
 */
export class UploadGate {
  private active = 0;
  private readonly checking: Lane;

  constructor(
    private readonly inFlight: number = LIMITS.uploadsInFlight,
    checks: number = LIMITS.uploadChecksAtOnce,
  ) {
    this.checking = new Lane(checks);
  }

  /** Uploads in progress now (received, or waiting for or under their check). */
  get receiving(): number {
    return this.active;
  }

  /** A place for one upload; the returned function gives it back. 503 uploads_busy when every place is taken. */
  enter(): () => void {
    if (this.active >= this.inFlight) {
      const seconds = LIMITS.uploadsBusyRetrySeconds;
      throw httpError('uploads_busy', {
        message: `${this.inFlight} uploads are in progress already; retry after ${seconds} seconds.`,
        extra: { retry_after_seconds: seconds },
        headers: { 'retry-after': String(seconds) },
      });
    }
    this.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
    };
  }

  /** Run `work` (checking an upload's rows) when a checking place is free. */
  async check<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.checking.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
