import type { ApiContext } from './context.js';
import { defineRoute } from '../http/define-route.js';
import { constantBody } from '../http/encode.js';
import type { Route } from '../http/types.js';
import { healthRoute } from './health.js';
import { perilsRoute } from './perils.js';
import { buildOpenApi, OpenApiDocument } from './openapi.js';
import { inDepthRoutes } from './in-depth/routes.js';
import { liteRoute } from './lite.js';
import { explainRoute } from './explain.js';
import { explainers } from '../explain/registry.js';
import { batchRoutes } from './batch.js';
import { downloadRoute } from './downloads.js';
import { historicRoutes } from './historic.js';
import { uiRoutes } from './ui.js';
import { apiDocsRoutes } from './api-docs.js';

/** The route table: every endpoint the service answers, in one place. */
export function buildRoutes(app: ApiContext): Route[] {
  const routes: Route[] = [healthRoute, perilsRoute((def) => app.engine.info(def.name)), ...inDepthRoutes(app), explainRoute(app, explainers(app.config.sourcesDir, app.engine, (close) => app.onClose(close))), liteRoute(app), ...batchRoutes(app), downloadRoute(app), ...historicRoutes(app), ...uiRoutes(), ...apiDocsRoutes()];
  let openapi: OpenApiDocument | null = null;
  routes.push(
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      auth: null,
      schema: { response: { 200: OpenApiDocument } },
      handler: () => ({ body: (openapi ??= constantBody(buildOpenApi(app.router.routes(), app.version()))) }),
      doc: { operationId: 'getOpenApi', summary: 'This OpenAPI 3.1 document', tags: ['utility'] },
    }),
  );
  return routes;
}
