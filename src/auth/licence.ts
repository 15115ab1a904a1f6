import { httpError, type ErrorCode } from '../errors.js';
import type { PerilName } from '../engine/perils.js';
import type { Principal } from './keys.js';
import type { Mode } from './modes.js';

/** 403 (or the route's own code, e.g. 401 for historic events) when the key lacks the mode. */
export function requireMode(principal: Principal, mode: Mode, denied: ErrorCode = 'mode_not_licensed'): void {
  if (!principal.modes.has(mode)) {
    throw httpError(denied, { message: `The API key is not licensed for the ${mode} mode.` });
  }
}

/**
 * Known but unlicensed perils answer 403 naming the peril and its field;
 * unknown names never get here (the schema answers 422 first).
 */
export function requirePerils(principal: Principal, perils: readonly PerilName[], field = 'perils'): void {
  perils.forEach((peril, i) => requirePeril(principal, peril, `${field}[${i}]`));
}

/** One peril, named by `field` (a single-peril body's `peril`). */
export function requirePeril(principal: Principal, peril: PerilName, field: string): void {
  if (!principal.perils.has(peril)) throw httpError('peril_not_licensed', { field, message: `The API key is not licensed for the peril ${peril}.` });
}

export function requireFloodPlus(principal: Principal, field = 'flood_plus'): void {
  if (!principal.floodPlus) throw httpError('flood_plus_not_permitted', { field });
}
