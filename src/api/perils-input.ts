import { echo, validationError } from '../errors.js';
import { isPerilName, PERIL_NAMES, perilDef, type PerilName } from '../engine/perils.js';

/**
 * A request's peril list: known names (422 naming `perils[i]` otherwise), no
 * duplicates, and — where the mode needs it — cumulative perils only.
 */
export function parsePerils(values: readonly string[], options: { cumulativeOnly?: boolean; field?: string } = {}): PerilName[] {
  const field = options.field ?? 'perils';
  const seen = new Set<string>();
  return values.map((name, i) => {
    if (!isPerilName(name)) throw validationError(`${field}[${i}]`, `unknown peril ${echo(name)}; known perils: ${PERIL_NAMES.join(', ')}`);
    if (seen.has(name)) throw validationError(`${field}[${i}]`, `duplicate peril ${echo(name)}`);
    seen.add(name);
    if (options.cumulativeOnly && !perilDef(name).cumulative) {
      const cumulative = PERIL_NAMES.filter((p) => perilDef(p).cumulative).join(', ');
      throw validationError(`${field}[${i}]`, `this mode accepts cumulative perils only (${cumulative}); got ${echo(name)}`);
    }
    return name;
  });
}
