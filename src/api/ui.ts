import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { echo, httpError } from '../errors.js';
import { revalidatedFile } from '../http/conditional.js';
import { openFile } from '../http/file-sender.js';
import type { Reply, RequestContext, Route } from '../http/types.js';

/**
 * The web interface's static files (docs/ui.md), built by `npm run build`
 * into dist/ui/ and served under /ui/ without a key — the page asks for one
 * and sends it with its own API calls. Every response carries a strict CSP:
 * scripts, styles and fetches from this origin only, no inline script, no
 * framing.
 */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Plain file names only: no dots leading, no separators, so a param can never leave dist/ui. */
const ASSET_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z]+$/;

/** dist/ui from this module, whether it runs compiled (dist/api) or from source under tsx (src/api). */
const UI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/ui');

const SECURITY_HEADERS = {
  'content-security-policy': UI_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * One file with a validator: the names are not content-hashed, so browsers
 * revalidate every time (no-cache) and get a 304 when nothing changed.
 */
function serveAsset(ctx: RequestContext, name: string): Reply {
  const type = CONTENT_TYPES[path.extname(name)];
  const file = type && ASSET_NAME.test(name) ? openFile(path.join(UI_DIR, name)) : null;
  if (!file) {
    const built = fs.existsSync(path.join(UI_DIR, 'index.html'));
    throw httpError('not_found', { message: built ? `No web interface file ${echo(name)}.` : 'The web interface is not built: run `npm run build`.' });
  }
  return revalidatedFile(ctx.headers['if-none-match'], file, type!, { ...SECURITY_HEADERS, 'cache-control': 'no-cache' });
}

export function uiRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/ui',
      auth: null,
      handler: () => ({ status: 308, raw: '', contentType: 'text/plain; charset=utf-8', headers: { location: '/ui/', ...SECURITY_HEADERS } }),
    },
    { method: 'GET', path: '/ui/', auth: null, handler: (ctx) => serveAsset(ctx, 'index.html') },
    { method: 'GET', path: '/ui/:asset', auth: null, handler: (ctx) => serveAsset(ctx, ctx.params.asset!) },
  ];
}
