import type { App } from '../app.js';
import type { Route } from '../http/types.js';
import { healthRoute } from './health.js';
import { perilsRoute } from './perils.js';
import { buildOpenApi } from './openapi.js';
import { inDepthRoutes } from './in-depth/routes.js';
import { liteRoute } from './lite.js';
import { batchRoutes } from './batch.js';
import { historicRoutes } from './historic.js';
import { uiRoutes } from './ui.js';

/** The route table: every endpoint the service answers, in one place. */
export function buildRoutes(app: App): Route[] {
  const routes: Route[] = [healthRoute, perilsRoute((def) => app.engine.info(def.name)), ...inDepthRoutes(app), liteRoute(app), ...batchRoutes(app), ...historicRoutes(app), ...uiRoutes(app)];
  let openapi: Record<string, unknown> | null = null;
  routes.push({
    method: 'GET',
    path: '/openapi.json',
    auth: null,
    handler: () => ({ body: (openapi ??= buildOpenApi(app.router.routes(), app.version())) }),
    doc: { summary: 'This OpenAPI 3.1 document', tags: ['utility'] },
  });
  return routes;
}
