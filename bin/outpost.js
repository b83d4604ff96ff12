#!/usr/bin/env -S node --max-semi-space-size=4
// The `outpost` command: runs the CLI built by `npm run build` (electron-vite) under plain Node.
// A young generation of 4 MiB, not V8's 16: a server's requests make short-lived garbage, and the
// larger one only grew the resident memory (by 22 MiB serving a million people, bench/ W10) for
// no throughput measured. V8 takes it only as a start-up flag, hence here (and in `npm start`).
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
