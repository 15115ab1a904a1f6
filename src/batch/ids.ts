import crypto from 'node:crypto';

/** Opaque identifiers: a kind prefix and 20 random hex characters. */
export function newId(prefix: 'file' | 'job' | 'sch'): string {
  return `${prefix}_${crypto.randomBytes(10).toString('hex')}`;
}
