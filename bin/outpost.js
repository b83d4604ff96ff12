#!/usr/bin/env node
// The `outpost` command: runs the CLI built by `npm run build` (electron-vite) under plain Node.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))
if (!existsSync(cli)) {
  console.error('outpost: not built yet; run `npm run build` in the Outpost folder first')
  process.exit(1)
}
try {
  await import(cli)
} catch (error) {
  // Loading failed before the CLI's own error handling was in place (a native module built for
  // another Node version, a damaged build): still one line, with the way out.
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
  console.error(
    `outpost: cannot start (${reason}); run \`npm install\` and \`npm run build\` again`,
  )
  process.exit(1)
}
