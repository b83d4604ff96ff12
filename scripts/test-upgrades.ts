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
// Left out here (they run once, in the main suite): how the server takes hostile requests, huge
// bodies and a subscriber that never answers does not depend on the schema version the file came
// from, and these four are a third of the suite's time, seventeen times over.
const requestHandlingOnly = [
  'inbound-hostile',
  'hostile-input',
  'big-bodies',
  'events-slow-subscriber',
].flatMap((name) => ['--exclude', `test/contract/${name}.test.ts`])
const failed: string[] = []
for (const version of versions) {
  console.log(`\nThe contract suite on a database made by ${version}:`)
  const args = ['vitest', 'run', 'test/contract', '--reporter=dot', ...requestHandlingOnly]
  const run = spawnSync('npx', args, {
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
