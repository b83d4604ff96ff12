// How long the `outpost` command takes to start, against Node starting with nothing to do: the
// CLI loads the server, the database and the import engine only in the commands that use them.
// Runs the built CLI (`npm run build` first). Figures are ratios; absolute times are noise.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { measure, report, tempDataDir } from './support'

const bin = resolve('bin/outpost.js')
if (!existsSync(resolve('out/main/cli.js'))) {
  console.error('out/main/cli.js is missing: run `npm run build` first')
  process.exit(1)
}

const iterations = 10
const data = tempDataDir('cli-startup')

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`)
}

// The first token create makes and migrates the database; the measured ones find it ready.
run([bin, 'token', 'create', '--data-dir', data.dir])

const baseline = await measure(iterations, () => run(['-e', '']))
console.log(`process start-up, ${iterations} runs each (ratio to node -e '')`)
report("node -e ''", baseline, baseline)
report('outpost --help', await measure(iterations, () => run([bin, '--help'])), baseline)
report(
  'outpost token create',
  await measure(iterations, () => run([bin, 'token', 'create', '--data-dir', data.dir])),
  baseline,
)
data.remove()
