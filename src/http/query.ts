import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { HttpError } from '../errors.js';
import type { SchemaFailure } from './types.js';
import { compileCheck } from './validation.js';

/**
 * A route's query schema applied to the query string (docs/api.md "Query
 * parameters"). Each parameter is first converted to the type its schema
 * declares, so the schema checks values, not spellings:
 *   - a parameter a closed schema does not declare is refused first;
 *   - a repeated parameter counts once, with its first value;
 *   - a blank value counts as absent, as null does in a JSON body; except for
 *     a flag, where `?flood_plus` or `flood_plus=` could mean either, so it is refused;
 *   - a number is a decimal number (spaces around it allowed), a flag exactly
 *     `true`, `false`, `1` or `0`;
 *   - anything else stays text, so the failure names the parameter.
 */
type Kind = 'number' | 'flag' | 'text';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FLAGS: ReadonlyMap<string, boolean> = new Map([['true', true], ['1', true], ['false', false], ['0', false]]);

function kindOf(schema: TSchema): Kind {
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  return schema.type === 'boolean' ? 'flag' : 'text';
}

function convert(kind: Kind, raw: string): unknown {
  if (kind === 'flag') return FLAGS.get(raw) ?? raw;
  const text = raw.trim();
  if (text === '') return undefined;
  if (kind === 'number' && NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
  return raw;
}

export function compileQuery<T extends TObject>(schema: T, onFailure: (failure: SchemaFailure) => HttpError): (query: URLSearchParams) => Static<T> {
  const kinds = new Map(Object.entries(schema.properties).map(([name, property]) => [name, kindOf(property)]));
  const closed = schema.additionalProperties === false;
  const unknown = `is not a recognised parameter (known: ${[...kinds.keys()].join(', ')})`;
  const check = compileCheck(schema);
  return (query) => {
    // A parameter the route does not know is refused before any value is looked at; only declared names are read.
    if (closed) for (const name of query.keys()) if (!kinds.has(name)) throw onFailure({ part: 'query', path: name, keyword: 'additionalProperties', message: unknown });
    const values: Record<string, unknown> = {};
    for (const [name, kind] of kinds) {
      const raw = query.get(name);
      const value = raw === null ? undefined : convert(kind, raw);
      if (value !== undefined) values[name] = value;
    }
    const failure = check(values);
    if (!failure) return values as Static<T>;
    if (failure.keyword === 'type' && kinds.get(failure.path) === 'flag') failure.message = 'must be true, false, 1 or 0';
    throw onFailure({ part: 'query', ...failure });
  };
}
