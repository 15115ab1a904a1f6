import crypto from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '../store/paths.js';

/**
 * Pre-signed download links: HMAC-SHA256 over "<path>\n<expires>" with a
 * secret kept in the data dir (created on first use, mode 0600). A link whose
 * signature does not match is invalid; one past its expiry has expired.
 */
export type LinkCheck = 'ok' | 'invalid' | 'expired';

export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  static fromFile(file: string): UrlSigner {
    if (!fs.existsSync(file)) writeFileAtomic(file, crypto.randomBytes(32).toString('hex'), 0o600);
    return new UrlSigner(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  }

  /** `path?expires=…&signature=…` for a link valid until `expiresAt` (ms). */
  sign(path: string, expiresAt: number): string {
    return `${path}?expires=${expiresAt}&signature=${this.signature(path, expiresAt)}`;
  }

  check(path: string, expires: string | null, signature: string | null, now: number): LinkCheck {
    if (!expires || !signature || !/^\d{1,15}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.signature(path, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
    return Number(expires) <= now ? 'expired' : 'ok';
  }

  private signature(path: string, expiresAt: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${path}\n${expiresAt}`).digest('base64url');
  }
}
