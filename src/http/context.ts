import type { Logger } from 'pino';
import type { Principal } from '../auth/keys.js';
import { NO_INPUT } from './route-input.js';
import type { Method, RequestContext, RouteInputs } from './types.js';
import type { HttpExchange } from './uws.js';

/**
 * What a handler sees of one request. A class rather than an object literal:
 * the lazy query and logger are getters on the prototype, not two new
 * closures per request (issue 18: the request path allocates as little as it can).
 */
export class ExchangeContext implements RequestContext {
  readonly method: Method;
  readonly path: string;
  readonly headers: Record<string, string>;
  body: unknown = undefined;
  bodyStream: RequestContext['bodyStream'] = null;
  input: RouteInputs = NO_INPUT;
  private parsedQuery: URLSearchParams | undefined;
  private childLog: Logger | undefined;

  constructor(
    private readonly ex: HttpExchange,
    readonly requestId: string,
    readonly params: Record<string, string>,
    readonly principal: Principal | null,
    private readonly parentLog: Logger,
  ) {
    this.method = ex.method as Method;
    this.path = ex.path;
    this.headers = ex.headers;
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.ex.query));
  }

  get log(): Logger {
    return (this.childLog ??= this.parentLog.child({ req_id: this.requestId }));
  }
}
