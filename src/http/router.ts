import { compileInput, type CompiledInput } from './route-input.js';
import type { Method, Route } from './types.js';

/** A route with its request schemas compiled. */
interface Registered {
  route: Route;
  input: CompiledInput;
  /** The match of an exact path, made once: routing it allocates nothing per request (issue 18). */
  found: RouteMatch & { kind: 'found' };
}

/** The params of every exact path: frozen, as it is shared by all their requests. */
const NO_PARAMS: Record<string, string> = Object.freeze({});

/** A request's route, its compiled input and its path params. */
export type FoundRoute = Extract<RouteMatch, { kind: 'found' }>;

export type RouteMatch =
  | { kind: 'found'; route: Route; input: CompiledInput; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: Method[] }
  | { kind: 'not_found' };

interface PatternRoute {
  segments: string[];
  routes: Map<Method, Registered>;
}

/**
 * Path router: exact paths in a map, parameterised ones matched by segment.
 * Knowing every method a path answers lets us say 405 (with Allow) instead of 404.
 * A route's request schemas are compiled when it is added, once.
 */
export class Router {
  private readonly exact = new Map<string, Map<Method, Registered>>();
  private readonly patterns: PatternRoute[] = [];
  private readonly all: Route[] = [];
  private readonly operationIds = new Set<string>();

  static of(routes: readonly Route[]): Router {
    const router = new Router();
    for (const route of routes) router.add(route);
    return router;
  }

  add(route: Route): void {
    const table = route.path.includes(':') ? this.patternTable(route.path) : this.exactTable(route.path);
    if (table.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.path}`);
    if (route.authorize && !route.auth) throw new Error(`${route.method} ${route.path}: authorize needs a key (auth)`);
    const operationId = route.doc?.operationId;
    if (operationId !== undefined && this.operationIds.has(operationId)) throw new Error(`duplicate operationId ${operationId} (${route.method} ${route.path})`);
    const input = compileInput(route);
    table.set(route.method, { route, input, found: { kind: 'found', route, input, params: NO_PARAMS } });
    if (operationId !== undefined) this.operationIds.add(operationId);
    this.all.push(route);
  }

  routes(): readonly Route[] {
    return this.all;
  }

  /** A path with a trailing slash that matches nothing is tried without it (`/v1/lite/` is `/v1/lite`). */
  match(method: string, path: string): RouteMatch {
    const found = this.matchPath(method, path);
    if (found.kind === 'not_found' && path.length > 1 && path.endsWith('/')) return this.matchPath(method, path.slice(0, -1));
    return found;
  }

  private matchPath(method: string, path: string): RouteMatch {
    const exact = this.exact.get(path);
    if (exact) return pick(exact, method, null);
    const parts = path.split('/');
    for (const pattern of this.patterns) {
      const params = matchSegments(pattern.segments, parts);
      if (params) return pick(pattern.routes, method, params);
    }
    return { kind: 'not_found' };
  }

  private exactTable(path: string): Map<Method, Registered> {
    let table = this.exact.get(path);
    if (!table) this.exact.set(path, (table = new Map()));
    return table;
  }

  private patternTable(path: string): Map<Method, Registered> {
    const segments = path.split('/');
    const key = segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/');
    let found = this.patterns.find((p) => p.segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/') === key);
    if (!found) this.patterns.push((found = { segments, routes: new Map() }));
    return found.routes;
  }
}

/** `params` null: an exact path, whose match is made once. */
function pick(table: Map<Method, Registered>, method: string, params: Record<string, string> | null): RouteMatch {
  const found = table.get(method as Method);
  if (found) return params === null ? found.found : { kind: 'found', route: found.route, input: found.input, params };
  return { kind: 'method_not_allowed', allow: [...table.keys()] };
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    const got = parts[i]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}
