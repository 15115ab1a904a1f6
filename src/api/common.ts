import { Type } from '@sinclair/typebox';

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
