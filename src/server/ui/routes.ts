import { join, sep } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

// With any number of slashes first, and in any case: never the page, always the API's JSON 404.
const apiPaths = /^\/+(?:api|webhooks)(?:\/|$)/i
const hashedAssets = `${sep}assets${sep}`

/**
 * Serves the built renderer: its files, and index.html for any other page path so the React
 * router can take over. API and webhook paths never fall through to the page.
 */
export function uiRoutes(uiDir: string) {
  const files = serveStatic({
    root: uiDir,
    onFound: (path, c) => {
      // Vite puts a content hash in every asset name, so those never change.
      if (path.includes(hashedAssets))
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
    },
  })
  const indexPage = serveStatic({ path: join(uiDir, 'index.html') })
  return new Hono().get('*', async (c, next) => {
    if (apiPaths.test(c.req.path)) return next()
    const file = await files(c, async () => {})
    return file ?? indexPage(c, next)
  })
}
