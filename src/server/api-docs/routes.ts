import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

// Swagger UI ships as static files in swagger-ui-dist; they are served from the package itself so
// the reference works offline, with no CDN. Only the folder is looked up: requiring the package
// would evaluate its 1.5 MB browser bundle at every server start (about 400 ms).
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Outpost API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`

// Kept out of the page so the page needs no inline script under our Content-Security-Policy.
const init = `window.ui = SwaggerUIBundle({
  urls: [
    { url: '/api/v1/openapi.json', name: 'REST API v1' },
    { url: '/api/app/v1/openapi.json', name: 'Management API (app/v1)' },
  ],
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
})`

/** /api/docs: an interactive reference for both OpenAPI documents. */
export function apiDocsRoutes() {
  return new Hono()
    .get('/', (c) => c.html(page))
    .get('/init.js', (c) => c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .use(
      '/assets/*',
      serveStatic({
        root: swaggerUiDir,
        rewriteRequestPath: (path) => path.replace(/^\/api\/docs\/assets/, ''),
      }),
    )
}
