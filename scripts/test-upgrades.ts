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

// A run takes two to five minutes. Once in many, a vitest worker sat idle before a file's first
// test, with nothing left to wait for, until CI's limit ended the whole job: a run past this is
// stopped and run once more, and said so; a second one that hangs fails.
const hangAfterMs = Number(process.env.OUTPOST_UPGRADE_RUN_LIMIT_MINUTES ?? 15) * 60_000

type Outcome = 'passed' | 'failed' | 'hung'

// In their own process groups, the runs no longer hear the terminal's Ctrl+C: it is passed on.
const running = new Set<number>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const group of running) process.kill(-group, 'SIGKILL')
    process.exit(1)
  })
}

/** The contract suite on one version's database; its output is printed whole when it ends. */
function runOn(version: string): Promise<Outcome> {
  const args = ['vitest', 'run', 'test/contract', '--reporter=dot', ...requestHandlingOnly]
  return new Promise((finished) => {
    const child = spawn('npx', args, {
      env: { ...process.env, OUTPOST_TEST_UPGRADE_FROM: version },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a hung run is stopped with its workers.
      detached: true,
    })
    running.add(child.pid!)
    let hung = false
    const limit = setTimeout(() => {
      hung = true
      process.kill(-child.pid!, 'SIGKILL')
    }, hangAfterMs)
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      clearTimeout(limit)
      running.delete(child.pid!)
      console.log(`\nThe contract suite on a database made by ${version}:\n${output}`)
      if (hung) console.log(`It was stopped after ${hangAfterMs / 60_000} minutes.`)
      finished(hung ? 'hung' : code === 0 ? 'passed' : 'failed')
    })
  })
}

/** A run that hangs gets one more; one that fails does not. */
async function passesOn(version: string): Promise<boolean> {
  const outcome = await runOn(version)
  if (outcome !== 'hung') return outcome === 'passed'
  console.log(`Running the contract suite on ${version} once more, as the run before hung.`)
  return (await runOn(version)) === 'passed'
}

const failed: string[] = []
const waiting = [...versions]
await Promise.all(
  Array.from({ length: atOnce }, async () => {
    for (let version = waiting.shift(); version; version = waiting.shift()) {
      if (!(await passesOn(version))) failed.push(version)
    }
  }),
)
if (failed.length > 0) {
  console.error(`\nThe contract suite failed on databases made by: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(`\nThe contract suite passed on databases made by ${versions.join(' and ')}.`)
