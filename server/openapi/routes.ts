// GET /api/openapi.json (the document, built once per process from the registry) and GET /api/docs, the reference
// page: swagger-ui-dist's files served from node_modules (works offline), under a CSP of its own files only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { AppEnv } from '../http/types';
import { buildOpenApiDocument, type Served } from './document';

/** The API's version (its paths are v4), not the app's release. */
export const API_VERSION = '4.0.0';

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Forecourt Pay API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs.js"></script>
</body>
</html>
`;

/** The page's own start (a file, not an inline script: the CSP allows only 'self'). */
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

function assetDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs.js': 'text/javascript; charset=utf-8',
};

export function servedBy(ctx: AppContext): Served {
  return {
    demoMode: ctx.env.demoMode,
    devMailbox: ctx.env.demoMode && Boolean(ctx.mailer.devMailbox),
    testKnobs: ctx.env.testKnobs,
    demoOidc: ctx.env.demoMode && Boolean(ctx.demoOidc),
  };
}

export function openApiRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  let document: string | undefined;
  const files = new Map<string, string>();

  r.get('/openapi.json', (c) => {
    document ??= JSON.stringify(
      buildOpenApiDocument({ publicOrigin: ctx.env.publicOrigin, served: servedBy(ctx), version: API_VERSION }),
    );
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(document);
  });

  r.get('/docs', (c) => {
    c.header('Content-Security-Policy', DOCS_CSP);
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  });

  r.get('/docs/assets/:file', (c) => {
    const name = c.req.param('file');
    const type = ASSETS[name];
    if (!type) throw notFound('No such file');
    let text = files.get(name);
    if (text === undefined) {
      text = name === 'docs.js' ? START : readFileSync(join(assetDir(), name), 'utf8');
      files.set(name, text);
    }
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(text);
  });

  return r;
}
