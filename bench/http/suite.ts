// `npm run bench`: Outpost served as users run it, loaded from this process, against the floor app
// on the same file, in one run. `-- --quick` runs 100,000 people with shorter loads; `-- --check`
// fails when a ratio is under its target. Results go to bench/results/<date>T<hhmm>-<people>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiToken } from '../../src/server/auth/service'
import { openDataDir } from '../../src/server/workspace-store'
import { copyDataset, ensureDataset } from './dataset'
import { loadSettings } from './load'
import { startFloor, startOutpost } from './processes'
import * as workloads from './workloads'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    people: { type: 'string' },
  },
})
const people = Number(values.people ?? (values.quick ? 100_000 : 1_000_000))
loadSettings.seconds = values.quick ? 5 : 10

const dataset = await ensureDataset(people)
const dataDir = mkdtempSync(join(tmpdir(), 'outpost-bench-'))
copyDataset(dataset, dataDir)
const file = join(dataDir, 'outpost.sqlite')

// An admin token made the way `outpost token create` makes one; the dataset's workspace has its
// per-token rate limit lifted, so the load measures the server, not the limiter.
const db = await openDataDir(dataDir)
const { token } = await createApiToken(
  db,
  dataset.tenantId,
  { name: 'bench', scope: 'admin' },
  new Date(),
)
await db.destroy()

const outpost = await startOutpost(dataDir)
const floor = await startFloor(file)
const context: workloads.Context = {
  dataset,
  outpost,
  floor,
  token,
  file,
  walkBudgetMs: values.quick ? 20_000 : 60_000,
}
const results: workloads.WorkloadResult[] = []
try {
  for (const run of [
    workloads.getById,
    workloads.firstPage,
    workloads.deepPage,
    workloads.walkAll,
    workloads.createPerson,
    workloads.patchOneField,
  ]) {
    const result = await run(context)
    console.log(
      `${result.id} done: ${result.value} ${result.unit}, ratio ${result.ratio.toFixed(2)}`,
    )
    results.push(result)
  }
  results.push(workloads.startTime(context), workloads.memory(context))
} finally {
  await outpost.stop()
  await floor.stop()
}
results.push(workloads.fileSize(dataset.file))
rmSync(dataDir, { recursive: true, force: true })

const table = [
  '| workload | Outpost | floor | ratio (higher is better) | target | p50 / p99 ms |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.id} ${r.name} | ${r.value} ${r.unit} | ${r.floor} ${r.unit} | ${r.ratio.toFixed(2)} | ` +
      `${r.target.toFixed(2)} ${r.ratio >= r.target ? 'met' : '**not met**'} | ` +
      `${r.p50 === undefined ? '' : `${r.p50} / ${r.p99}`} |`,
  ),
].join('\n')
console.log(
  `\n${people.toLocaleString('en')} people, ${dataset.deals.toLocaleString('en')} deals; ` +
    `${loadSettings.connections} connections for ${loadSettings.seconds} s per load\n\n${table}`,
)

// 2026-11-24T1603: the minute the run ended (UTC), so runs of a day keep each other's results.
const day = new Date().toISOString().slice(0, 16).replace(':', '')
const resultsDir = join(import.meta.dirname, '..', 'results')
mkdirSync(resultsDir, { recursive: true })
const machine = {
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
}
writeFileSync(
  join(resultsDir, `${day}-${people}.json`),
  JSON.stringify(
    {
      dataset: { people, deals: dataset.deals },
      machine,
      load: loadSettings,
      workloads: results,
    },
    null,
    2,
  ) + '\n',
)

if (values.check) {
  const under = results.filter((r) => r.ratio < r.target)
  if (under.length > 0) {
    console.error(`\nUnder target: ${under.map((r) => r.id).join(', ')}`)
    process.exit(1)
  }
}
