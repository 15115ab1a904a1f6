import type { Static, TSchema } from '@sinclair/typebox';
import type { DataReply, FileReply, RawReply, RequestContext, Route, RouteSchema } from './types.js';

/**
 * A route whose handler is typed by its schemas (the Fastify type-provider
 * pattern): `ctx.input` is the Static<> of the params, query and body schemas,
 * which the router has checked before the handler runs, and a JSON reply must
 * be the Static<> of the response schema declared for its status.
 */
type StaticOr<T, Absent> = T extends TSchema ? Static<T> : Absent;

export interface RouteInput<S extends RouteSchema> {
  params: StaticOr<S['params'], Record<string, never>>;
  query: StaticOr<S['query'], Record<string, never>>;
  body: StaticOr<S['body'], undefined>;
}

/** The request as a typed handler sees it: the validated input, not the raw params, query or body. */
export type RouteContext<S extends RouteSchema> = Omit<RequestContext, 'params' | 'query' | 'body' | 'input'> & { input: RouteInput<S> };

/** A JSON reply: one of the declared statuses (200 when left out) with a body of a declared response schema. */
type JsonReply<R> = [keyof R & number] extends [never] ? never : Omit<DataReply, 'status' | 'body'> & { status?: keyof R & number; body: StaticOr<R[keyof R], never> };

export type RouteReply<S extends RouteSchema> = JsonReply<NonNullable<S['response']>> | RawReply | FileReply;

export interface RouteDefinition<S extends RouteSchema> extends Omit<Route, 'body' | 'schema' | 'handler'> {
  schema: S;
  handler: (ctx: RouteContext<S>) => RouteReply<S> | Promise<RouteReply<S>>;
}

export function defineRoute<const S extends RouteSchema>(definition: RouteDefinition<S>): Route {
  const { schema } = definition;
  const body = schema.body ? 'json' : schema.upload ? 'stream' : undefined;
  return {
    ...definition,
    ...(body && { body }),
    // The router validates ctx.input against these schemas before the call, so the handler's narrower view holds.
    handler: definition.handler as unknown as Route['handler'],
  };
}
