import { createRequire } from 'node:module';
import path from 'node:path';
import { httpError } from '../errors.js';
import { revalidatedFile } from '../http/conditional.js';
import { openFile } from '../http/file-sender.js';
import type { Reply, RequestContext, Route } from '../http/types.js';

/**
 * GET /docs: Swagger UI over /openapi.json, served from the installed
 * swagger-ui-dist package (no CDN, works offline), under a CSP that allows
 * nothing from elsewhere. Only the files the page needs are reachable.
 */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** A Map, not an object: a request for `/docs/constructor` must not find Object.prototype's members. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

/** Swagger UI sets inline styles and draws icons from data: URIs; scripts and fetches stay same-origin. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = { 'content-security-policy': DOCS_CSP, 'referrer-policy': 'no-referrer' };

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hazrisk API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });\n`;

function asset(ctx: RequestContext, name: string): Reply {
  if (name === 'init.js') return { raw: INIT, contentType: 'text/javascript; charset=utf-8', headers: HEADERS };
  const type = ASSETS.get(name);
  if (!type) throw httpError('not_found', { message: 'No such API documentation file.' });
  const file = openFile(path.join(SWAGGER_DIR, name));
  if (!file) throw httpError('not_found', { message: 'No such API documentation file.' });
  return revalidatedFile(ctx.headers['if-none-match'], file, type, { ...HEADERS, 'cache-control': 'no-cache' });
}

export function apiDocsRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/docs',
      auth: null,
      handler: () => ({ raw: PAGE, contentType: 'text/html; charset=utf-8', headers: HEADERS }),
      doc: { operationId: 'getApiDocs', summary: 'Interactive API documentation (Swagger UI over /openapi.json, served offline)', tags: ['utility'], produces: ['text/html'] },
    },
    { method: 'GET', path: '/docs/:asset', auth: null, handler: (ctx) => asset(ctx, ctx.params.asset!) },
  ];
}
