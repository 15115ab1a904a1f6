import { Ajv, type ErrorObject } from 'ajv';
import formatsModule from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { validationError, type HttpError } from '../errors.js';
import type { SchemaFailure } from './types.js';

/**
 * TypeBox schemas compiled by ajv, and what a failure answers: a 422 whose
 * `field` is a JS-style path (`events[2].start_date`, `query.lat`), as the
 * spec asks. Routes compile their schemas through route-input.ts when they are
 * registered; nothing is compiled per request.
 */
const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (
  a: Ajv,
  formats: string[],
) => void;
addFormats(ajv, ['date', 'date-time']);

export type Failure = Omit<SchemaFailure, 'part'>;

/** A compiled schema: null when the value passes, else its first failure. */
export type Check = (value: unknown) => Failure | null;

export function compileCheck(schema: TSchema): Check {
  const check = ajv.compile(schema);
  return (value) => (check(value) ? null : describe(check.errors![0]!));
}

/** The default answer to a failed request check: 422 naming the field, query parameters as `query.<name>`. */
export function schemaError(failure: SchemaFailure): HttpError {
  const field = failure.part === 'query' ? join('query', failure.path) : failure.path || 'body';
  return validationError(field, failure.message);
}

/**
 * No request schema nests deeper than this; below it a value is passed on as sent (the schema rejects it
 * anyway), so a hostile body of 20,000 nested arrays cannot exhaust the stack.
 */
const NULL_DEPTH = 16;

/**
 * A copy with every null-valued object member removed, down to NULL_DEPTH (array items are kept): a
 * member whose value is null counts as absent in every JSON body (docs/api.md "Nulls"), so its default
 * applies and a required member that is null is missing.
 */
export function withoutNulls(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= NULL_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) out[key] = withoutNulls(member, depth + 1);
  return out;
}

/** `/events/2/start_date` → `events[2].start_date`. */
function fieldPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function join(base: string, prop: string): string {
  return base === '' ? prop : prop === '' ? base : `${base}.${prop}`;
}

function describe(error: ErrorObject): Failure {
  const at = fieldPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const keyword = error.keyword;
  switch (keyword) {
    case 'required':
      return { path: join(at, String(params.missingProperty)), keyword, message: 'is required' };
    case 'additionalProperties':
      return { path: join(at, String(params.additionalProperty)), keyword, message: 'is not a recognised field' };
    case 'format':
      return { path: at, keyword, message: params.format === 'date' ? 'must be an ISO date YYYY-MM-DD' : `must be a valid ${String(params.format)}` };
    case 'type':
      return { path: at, keyword, message: `must be ${withArticle(String(params.type))}` };
    case 'enum':
      return { path: at, keyword, message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { path: at, keyword, message: error.message ?? 'is invalid' };
  }
}

function withArticle(type: string): string {
  const name = type.replace(/,/g, ' or ');
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
