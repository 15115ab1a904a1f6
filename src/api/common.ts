import { Type, type TUnsafe } from '@sinclair/typebox';

/** Schema pieces every API module uses. Pure TypeBox: the web interface imports the types built from them. */

/** The error body every non-2xx response carries (docs/api.md "Errors"). */
export const ErrorBody = Type.Object({
  error: Type.Object({
    status: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    field: Type.Union([Type.String(), Type.Null()]),
    details: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
    request_id: Type.String(),
  }),
});

/**
 * One of a list of names, as a JSON Schema `enum`: a wrong value fails with
 * "must be one of …" listing them (a union of literals would report only its
 * first branch), and OpenAPI shows the list.
 */
export function StringEnum<const T extends string>(values: readonly T[]): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}
