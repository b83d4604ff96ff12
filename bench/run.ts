// Runs every bench/*.bench.ts in its own process, one after another, and prints what each reports.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const dir = import.meta.dirname
const only = process.argv[2]
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n## ${file}\n`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
  })
  if (result.status !== 0) failed++
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) failed`)
  process.exit(1)
}
