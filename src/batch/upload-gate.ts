import { httpError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { Lane } from './lane.js';

/**
 * The bound on uploads (docs/batch.md "Upload"): at most `inFlight` uploads are
 * received at once — one more is refused at once with 503 uploads_busy and
 * Retry-After, before its body is read — and of those at most `checks` have
 * their rows checked at the same time (the part whose memory grows with the
 * file), the others waiting with their bytes on disk. Receiving streams to a
 * file, so memory stays near `checks` × one file's rows.
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

  /** Uploads being received or checked now. */
  get receiving(): number {
    return this.active;
  }

  /** A place for one upload; the returned function gives it back. 503 uploads_busy when every place is taken. */
  enter(): () => void {
    if (this.active >= this.inFlight) {
      const seconds = LIMITS.uploadsBusyRetrySeconds;
      throw httpError('uploads_busy', {
        message: `${this.inFlight} uploads are being received already; retry after ${seconds} seconds.`,
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
