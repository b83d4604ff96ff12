// The contract suite on databases earlier schema versions made (test/fixtures/schemas): every test
// server starts on a copy of one, upgraded by the server as a user's file would be
// (test/support/server.ts, OUTPOST_TEST_UPGRADE_FROM). Part of `npm test`.
//
// On two of them: the oldest, which every migration runs on, and the newest, the file most users
// upgrade. test/upgrade.test.ts checks every version's file, upgraded, has exactly the schema of a
// new one and serves its records, so what the suite could find on the versions in between it
// finds on these; run once per version, the suite took most of CI's time and grew by four minutes
// with each migration.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const everyVersion = readdirSync(join('test', 'fixtures', 'schemas'))
  .filter((name) => name.endsWith('.sqlite'))
  .map((name) => name.replace(/\.sqlite$/, ''))
  .sort()
const versions =
  process.env.OUTPOST_UPGRADE_FROM_EVERY === '1'
    ? everyVersion
    : [...new Set([everyVersion[0]!, everyVersion.at(-1)!])]
// Left out here (they run once, in the main suite): how the server takes hostile requests, huge
// bodies and a subscriber that never answers does not depend on the schema version the file came
// from, and these four are a third of the suite's time.
const requestHandlingOnly = [
  'inbound-hostile',
  'hostile-input',
  'big-bodies',
  'events-slow-subscriber',
].flatMap((name) => ['--exclude', `test/contract/${name}.test.ts`])
// A run spends most of its time waiting (commits reaching the disk, servers answering), not
// computing: two versions at a time use the machine's two cores and halve the wait.
const atOnce = Number(process.env.OUTPOST_UPGRADE_RUNS_AT_ONCE ?? 2)

/** The contract suite on one version's database; its output is printed whole when it ends. */
function runOn(version: string): Promise<boolean> {
  const args = ['vitest', 'run', 'test/contract', '--reporter=dot', ...requestHandlingOnly]
  return new Promise((finished) => {
    const child = spawn('npx', args, {
      env: { ...process.env, OUTPOST_TEST_UPGRADE_FROM: version },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      console.log(`\nThe contract suite on a database made by ${version}:\n${output}`)
      finished(code === 0)
    })
  })
}

const failed: string[] = []
const waiting = [...versions]
await Promise.all(
  Array.from({ length: atOnce }, async () => {
    for (let version = waiting.shift(); version; version = waiting.shift()) {
      if (!(await runOn(version))) failed.push(version)
    }
  }),
)
if (failed.length > 0) {
  console.error(`\nThe contract suite failed on databases made by: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(`\nThe contract suite passed on databases made by ${versions.join(' and ')}.`)
