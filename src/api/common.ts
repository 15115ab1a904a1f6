import { Type, type TUnsafe } from '@sinclair/typebox';

export { ErrorBody } from '../errors.js';

/** Schema pieces every API module uses. Pure TypeBox: the web interface imports the types built from them. */


/**
 * One of a list of names, as a JSON Schema `enum`: a wrong value fails with
 * "must be one of …" listing them (a union of literals would report only its
 * first branch), and OpenAPI shows the list.
 */
export function StringEnum<const T extends string>(values: readonly T[]): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}
