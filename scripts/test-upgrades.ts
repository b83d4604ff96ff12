// The contract suite on databases every earlier schema version made (test/fixtures/schemas): for
// each, every test server starts on a copy of it, upgraded by the server as a user's file would
// be (test/support/server.ts, OUTPOST_TEST_UPGRADE_FROM). Part of `npm test`.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const versions = readdirSync(join('test', 'fixtures', 'schemas'))
  .filter((name) => name.endsWith('.sqlite'))
  .map((name) => name.replace(/\.sqlite$/, ''))
  .sort()
const failed: string[] = []
for (const version of versions) {
  console.log(`\nThe contract suite on a database made by ${version}:`)
  const run = spawnSync('npx', ['vitest', 'run', 'test/contract', '--reporter=dot'], {
    stdio: 'inherit',
    env: { ...process.env, OUTPOST_TEST_UPGRADE_FROM: version },
  })
  if (run.status !== 0) failed.push(version)
}
if (failed.length > 0) {
  console.error(`\nThe contract suite failed on databases made by: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(
  `\nThe contract suite passed on databases made by all ${versions.length} earlier versions.`,
)
