#!/usr/bin/env node
// The `outpost` command: runs the CLI built by `npm run build` (electron-vite) under plain Node.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))
if (!existsSync(cli)) {
  console.error('outpost: not built yet; run `npm run build` in the Outpost folder first')
  process.exit(1)
}
await import(cli)
