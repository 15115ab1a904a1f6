import { Ajv, type ErrorObject } from 'ajv';
import formatsModule from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { validationError } from '../errors.js';

/**
 * TypeBox schemas compiled by ajv. A failed check becomes a 422 whose `field`
 * is a JS-style path (`events[2].start_date`), as the spec asks. A member whose
 * value is null counts as absent, everywhere (docs/api.md "Nulls"): its
 * default applies, and a required member that is null is missing.
 */
const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (
  a: Ajv,
  formats: string[],
) => void;
addFormats(ajv, ['date']);

export type Validator<T extends TSchema> = (value: unknown, root?: string) => Static<T>;

export function compileValidator<T extends TSchema>(schema: T): Validator<T> {
  const check = ajv.compile(schema);
  return (input: unknown, root = ''): Static<T> => {
    const value = withoutNulls(input);
    if (check(value)) return value as Static<T>;
    const error = check.errors![0]!;
    const { field, message } = describe(error, root);
    throw validationError(field, message);
  };
}

/**
 * No request schema nests deeper than this; below it a value is passed on as sent (the schema rejects it
 * anyway), so a hostile body of 20,000 nested arrays cannot exhaust the stack.
 */
const NULL_DEPTH = 16;

/** A copy with every null-valued object member removed, down to NULL_DEPTH (array items are kept). */
export function withoutNulls(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= NULL_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) out[key] = withoutNulls(member, depth + 1);
  return out;
}

/** `/events/2/start_date` → `events[2].start_date` (with an optional root such as `query`). */
export function fieldPath(pointer: string, root = ''): string {
  let out = root;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function join(base: string, prop: string): string {
  return base === '' ? prop : `${base}.${prop}`;
}

function describe(error: ErrorObject, root: string): { field: string; message: string } {
  const at = fieldPath(error.instancePath, root);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: join(at, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: join(at, String(params.additionalProperty)), message: 'is not a recognised field' };
    case 'format':
      return params.format === 'date'
        ? { field: at || 'body', message: 'must be an ISO date YYYY-MM-DD' }
        : { field: at || 'body', message: `must be a valid ${String(params.format)}` };
    case 'type':
      return { field: at || 'body', message: `must be ${withArticle(String(params.type))}` };
    case 'enum':
      return { field: at || 'body', message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { field: at || 'body', message: error.message ?? 'is invalid' };
  }
}

function withArticle(type: string): string {
  const name = type.replace(/,/g, ' or ');
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
