import type { Route, RequestContext, RouteInputs } from './types.js';
import { compileQuery } from './query.js';
import { compileCheck, schemaError, withoutNulls } from './validation.js';

/** Reads a request's params, query and parsed body through the route's schemas; throws the route's error on the first failure. */
export type InputReader = (ctx: RequestContext) => RouteInputs;

/** The input of a route without request schemas: nothing is read, so nothing is allocated per request. */
export const NO_INPUT: RouteInputs = Object.freeze({ params: Object.freeze({}), query: Object.freeze({}), body: undefined });

/**
 * The route's request schemas compiled once, when the route is registered;
 * null for a route that declares none (it pays nothing per request). Params
 * are checked first, then the route's licence check on what they name, then
 * the query, then the body: a request is refused for its address, then its
 * key, before its content.
 */
export function compileInput(route: Route): InputReader | null {
  const { params, query, body } = route.schema ?? {};
  if (!params && !query && !body) return null;
  const onFailure = route.schemaError ?? schemaError;
  const checkParams = params ? compileCheck(params) : null;
  const readQuery = query ? compileQuery(query, onFailure) : null;
  const checkBody = body ? compileCheck(body) : null;
  return (ctx) => {
    if (checkParams) {
      const failure = checkParams(ctx.params);
      if (failure) throw onFailure({ part: 'params', ...failure });
    }
    route.authorize?.(ctx.principal!, ctx.params);
    const input: RouteInputs = { params: ctx.params, query: readQuery ? readQuery(ctx.query) : NO_INPUT.query, body: undefined };
    if (checkBody) {
      input.body = withoutNulls(ctx.body);
      const failure = checkBody(input.body);
      if (failure) throw onFailure({ part: 'body', ...failure });
    }
    return input;
  };
}
