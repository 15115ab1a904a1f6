import type { Route, RequestContext, RouteInputs } from './types.js';
import { compileQuery } from './query.js';
import { compileCheck, schemaError, withoutNulls } from './validation.js';

/** Reads a request's params, query and parsed body through the route's schemas; throws the route's error on the first failure. */
export type InputReader = (ctx: RequestContext) => RouteInputs;

/** The input of a route without request schemas: nothing is read, so nothing is allocated per request. */
export const NO_INPUT: RouteInputs = Object.freeze({ params: Object.freeze({}), query: Object.freeze({}), body: undefined });

/**
 * A route's request schemas compiled once, when the route is registered, as
 * the two steps the server runs them in: the path params first (before the
 * key's licence for what they name is checked), then the query and the
 * parsed body. Either is null when the route has nothing for it to check, so
 * a route without request schemas (/health) pays nothing per request.
 */
export interface CompiledInput {
  /** Throws the route's error when the path params fail their schema. */
  checkParams: ((params: Record<string, string>) => void) | null;
  /** The checked params, query and body; null for a route without request schemas. */
  read: InputReader | null;
}

export function compileInput(route: Route): CompiledInput {
  const { params, query, body } = route.schema ?? {};
  if (!params && !query && !body) return { checkParams: null, read: null };
  const onFailure = route.schemaError ?? schemaError;
  const paramsFailure = params ? compileCheck(params) : null;
  const readQuery = query ? compileQuery(query, onFailure) : null;
  const checkBody = body ? compileCheck(body) : null;
  return {
    checkParams: paramsFailure
      ? (values) => {
          const failure = paramsFailure(values);
          if (failure) throw onFailure({ part: 'params', ...failure });
        }
      : null,
    read: (ctx) => {
      const input: RouteInputs = { params: ctx.params, query: readQuery ? readQuery(ctx.query) : NO_INPUT.query, body: undefined };
      if (checkBody) {
        input.body = withoutNulls(ctx.body);
        const failure = checkBody(input.body);
        if (failure) throw onFailure({ part: 'body', ...failure });
      }
      return input;
    },
  };
}
