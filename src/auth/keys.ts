import crypto from 'node:crypto';
import { httpError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { PERIL_NAMES, type PerilName } from '../engine/perils.js';
import type { Mode } from './modes.js';
import { MS_PER_DAY } from '../units.js';
import type { KeyRow } from '../store/records.js';
import type { KeyRepository } from '../store/store.js';

/**
 * API keys. A key reads `hzr_<id>_<secret>`: `id` (12 hex) is public and indexes
 * the row; the store keeps only SHA-256 of the whole key. Keys carry 256 bits
 * of randomness, so a fast hash is the right tool (a slow KDF guards low-entropy
 * passwords, not random tokens). See docs/api.md "Keys and licences".
 */
export interface Principal {
  keyId: string;
  owner: string;
  tenant: string;
  organisation: string;
  perils: ReadonlySet<PerilName>;
  modes: ReadonlySet<Mode>;
  floodPlus: boolean;
  expiresAt: number;
  /** Requests per second; null follows the service default (HAZRISK_RATE_LIMIT). */
  rateLimit: number | null;
}

export interface KeyInfo {
  id: string;
  owner: string;
  tenant: string;
  organisation: string;
  label: string | null;
  perils: PerilName[];
  modes: Mode[];
  flood_plus: boolean;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  rate_limit: number | null;
}

export interface CreateKeyOptions {
  owner: string;
  tenant?: string;
  organisation?: string;
  label?: string;
  perils: readonly PerilName[];
  modes: readonly Mode[];
  floodPlus: boolean;
  expiresDays?: number;
  /** Requests per second (0 = unlimited); omitted follows HAZRISK_RATE_LIMIT. */
  rateLimit?: number;
  now?: number;
}

const KEY_PATTERN = /^hzr_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

/**
 * Verified keys are remembered for a second (at most VERIFIED_CAPACITY of
 * them): hashing the key, reading its row and parsing its licence cost about
 * as much as a whole health check. Expiry is still checked on every request; a
 * revocation in this process takes effect at once, one made by another process
 * (`hazrisk keys revoke`) within VERIFIED_TTL_MS (docs/api.md).
 */
const VERIFIED_TTL_MS = 1000;
const VERIFIED_CAPACITY = 10_000;

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

export class KeyStore {
  private readonly verified = new Map<string, { principal: Principal; until: number }>();

  constructor(private readonly rows: KeyRepository) {}

  /** Create a key; the clear key is returned once and never stored. */
  async create(options: CreateKeyOptions): Promise<{ key: string; info: KeyInfo }> {
    const now = options.now ?? Date.now();
    const days = options.expiresDays ?? LIMITS.keyLifetimeDays;
    const id = crypto.randomBytes(6).toString('hex');
    const key = `hzr_${id}_${crypto.randomBytes(32).toString('base64url')}`;
    const row: KeyRow = {
      id,
      key_hash: hashKey(key),
      owner: options.owner,
      tenant: options.tenant ?? options.owner,
      organisation: options.organisation ?? options.owner,
      label: options.label ?? null,
      perils: JSON.stringify(PERIL_NAMES.filter((p) => options.perils.includes(p))),
      modes: JSON.stringify([...options.modes]),
      flood_plus: options.floodPlus ? 1 : 0,
      issued_at: now,
      expires_at: now + days * MS_PER_DAY,
      revoked_at: null,
      rate_limit: options.rateLimit ?? null,
    };
    await this.rows.insert(row);
    return { key, info: toInfo(row) };
  }

  async list(): Promise<KeyInfo[]> {
    return (await this.rows.list()).map(toInfo);
  }

  count(): Promise<number> {
    return this.rows.count();
  }

  /** False when no active key has this id. The verified cache forgets the key at once, before the store answers. */
  revoke(id: string, now = Date.now()): Promise<boolean> {
    for (const [key, entry] of this.verified) if (entry.principal.keyId === id) this.verified.delete(key);
    return this.rows.revoke(id, now);
  }

  /** Check a presented key; throws the 401 the spec asks for. Synchronous: the request pipeline decides on the key before it reads a body. */
  authenticate(presented: string | undefined, now = Date.now()): Principal {
    if (presented === undefined || presented === '') throw httpError('missing_api_key');
    const cached = this.verified.get(presented);
    if (cached && cached.until > now) {
      if (cached.principal.expiresAt <= now) throw httpError('expired_api_key');
      return cached.principal;
    }
    const principal = this.verify(presented, now);
    if (this.verified.size >= VERIFIED_CAPACITY) this.verified.clear();
    this.verified.set(presented, { principal, until: now + VERIFIED_TTL_MS });
    return principal;
  }

  private verify(presented: string, now: number): Principal {
    const match = KEY_PATTERN.exec(presented);
    const row = match ? this.rows.lookup(match[1]!) : undefined;
    if (!row || !sameHash(row.key_hash, hashKey(presented))) throw httpError('invalid_api_key');
    if (row.revoked_at !== null) throw httpError('revoked_api_key');
    if (row.expires_at <= now) throw httpError('expired_api_key');
    return {
      keyId: row.id,
      owner: row.owner,
      tenant: row.tenant,
      organisation: row.organisation,
      perils: new Set(JSON.parse(row.perils) as PerilName[]),
      modes: new Set(JSON.parse(row.modes) as Mode[]),
      floodPlus: row.flood_plus === 1,
      expiresAt: row.expires_at,
      rateLimit: row.rate_limit,
    };
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function toInfo(row: KeyRow): KeyInfo {
  return {
    id: row.id,
    owner: row.owner,
    tenant: row.tenant,
    organisation: row.organisation,
    label: row.label,
    perils: JSON.parse(row.perils) as PerilName[],
    modes: JSON.parse(row.modes) as Mode[],
    flood_plus: row.flood_plus === 1,
    issued_at: new Date(row.issued_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    rate_limit: row.rate_limit,
  };
}
