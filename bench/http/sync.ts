// Sync measured (issue 17, point 6): a new device's first snapshot of 100,000 people, a replica
// catching up 10,000 changes made while it was away, and pushing 10,000 of its own. The team
// server is `outpost serve` on the 100k dataset, in its own process; the replica is a data folder
// opened in this one, as `outpost sync` opens it. Each figure is seconds against its target.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiToken } from '../../src/server/auth/service'
import { updatePerson } from '../../src/server/people/service'
import { fileKeyStore } from '../../src/server/sealing/key-store'
import { prepareSealing } from '../../src/server/sealing/prepare'
import { connectReplica, syncOnce } from '../../src/server/sync/replica'
import { openDataDir } from '../../src/server/workspace-store'
import { copyDataset, ensureDataset, idOf } from './dataset'
import { startOutpost } from './processes'
import type { WorkloadResult } from './workloads'

const people = 100_000
const changes = 10_000

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return Math.round((performance.now() - started) / 10) / 100
}

const result = (id: string, name: string, value: number, target: number): WorkloadResult => ({
  id,
  name,
  value,
  unit: 's',
  floor: target,
  ratio: target / value,
  target: 1,
})

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

export async function syncWorkloads(): Promise<WorkloadResult[]> {
  const dataset = await ensureDataset(people)
  const serverDir = mkdtempSync(join(tmpdir(), 'outpost-bench-sync-server-'))
  const replicaDir = mkdtempSync(join(tmpdir(), 'outpost-bench-sync-replica-'))
  copyDataset(dataset, serverDir)
  const serverDb = await openDataDir(serverDir)
  const { token } = await createApiToken(
    serverDb,
    dataset.tenantId,
    { name: 'bench replica', scope: 'admin' },
    new Date(),
  )
  await serverDb.destroy()
  const server = await startOutpost(serverDir)
  const replica = await openDataDir(replicaDir)
  try {
    await prepareSealing(replica, fileKeyStore(replicaDir))
    const now = () => new Date()
    const snapshot = await seconds(() =>
      connectReplica(replica, { serverUrl: server.url, tokens: [token] }, now),
    )
    console.log(`S1 done: snapshot of ${people} people in ${snapshot} s`)

    // 10,000 edits on the server while the replica is away, through its REST API.
    const ids = Array.from({ length: changes }, (_, n) => idOf(7, 1 + ((n * 7919) % people)))
    await inParallel(
      ids.map((id, n) => ({ id, n })),
      8,
      async ({ id, n }) => {
        const response = await fetch(`${server.url}/api/v1/people/${id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ leadSource: `server ${n}` }),
        })
        if (!response.ok) throw new Error(`PATCH answered ${response.status}`)
      },
    )
    const catchUp = await seconds(() => syncOnce(replica, now))
    console.log(`S2 done: caught up ${changes} changes in ${catchUp} s`)

    // 10,000 edits on the replica, offline, then pushed.
    for (const [n, id] of ids.entries()) {
      await updatePerson(
        replica,
        dataset.tenantId,
        id,
        { primaryPhone: null, leadSource: `laptop ${n}` },
        now(),
      )
    }
    const push = await seconds(() => syncOnce(replica, now))
    console.log(`S3 done: pushed ${changes} changes in ${push} s`)
    return [
      result(
        'S1',
        `A new device's first snapshot of ${people.toLocaleString('en')} people (target 60 s)`,
        snapshot,
        60,
      ),
      result(
        'S2',
        `A replica catching up ${changes.toLocaleString('en')} changes (target 10 s)`,
        catchUp,
        10,
      ),
      result(
        'S3',
        `A replica pushing ${changes.toLocaleString('en')} of its own (target 10 s)`,
        push,
        10,
      ),
    ]
  } catch (error) {
    console.error(`The team server printed:\n${server.output().slice(-3000)}`)
    throw error
  } finally {
    await replica.destroy()
    await server.stop()
    rmSync(serverDir, { recursive: true, force: true })
    rmSync(replicaDir, { recursive: true, force: true })
  }
}

// `npx tsx bench/http/sync.ts`: these three alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await syncWorkloads()) console.log(JSON.stringify(figure))
}
