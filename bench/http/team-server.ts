// The team server measured (issue 16, point 6): W1-W7 on Outpost over PostgreSQL, with one server
// process and with two on one database (W4, one client's walk, through one), next to Outpost on
// SQLite from the same run.
// PostgreSQL is a throwaway cluster (as the tests start it), made durable like SQLite's FULL
// commits, and filled from the same dataset by `outpost migrate`, as a team moving up would.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { databaseUrl, startPostgresCluster } from '../../test/support/postgres'
import { drive, loadSettings, type Load, type LoadResult } from './load'
import { startOutpost, type Running } from './processes'
import {
  createBenchWebhook,
  outpostRequests,
  shortSearch,
  walkAll,
  type Context,
  type WorkloadResult,
} from './workloads'

const root = join(import.meta.dirname, '..', '..')

async function onServer(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

/** One load spread over several servers at once, its connections shared out: the sum of rates. */
async function driveAll(
  servers: Running[],
  token: string,
  method: Load['method'],
  request: Load['request'],
): Promise<LoadResult> {
  // The run's connections shared out among the servers.
  const connections = Math.max(1, Math.floor(loadSettings.connections / servers.length))
  const results = await Promise.all(
    servers.map((server, index) =>
      drive({
        url: server.url,
        method,
        connections,
        headers: { authorization: `Bearer ${token}` },
        // Each server's requests its own numbers, so they create different people.
        request: (n) => request(n * servers.length + index),
      }),
    ),
  )
  return {
    rps: results.reduce((sum, result) => sum + result.rps, 0),
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  }
}

/**
 * Runs the team server's workloads. `sqlite` holds this run's results on SQLite, the figure each
 * PostgreSQL one is set against (ratio = PostgreSQL / SQLite; no target: it is the price shown).
 */
export async function teamServerWorkloads(
  c: Context,
  dataDir: string,
  sqlite: readonly WorkloadResult[],
): Promise<WorkloadResult[]> {
  const cluster = await startPostgresCluster()
  const serverDir = mkdtempSync(join(tmpdir(), 'outpost-bench-team-'))
  const running: Running[] = []
  try {
    await onServer(cluster.url, ['create database outpost_bench'])
    const url = databaseUrl(cluster.url, 'outpost_bench')
    console.log('Moving the dataset up to PostgreSQL (outpost migrate)...')
    execFileSync(process.execPath, ['bin/outpost.js', 'migrate', '--from', dataDir, '--to', url], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    // Durable from here, as SQLite's commits are: on disk before the answer.
    await onServer(cluster.url, [
      'alter system set fsync = on',
      'alter system set synchronous_commit = on',
      'alter system set full_page_writes = on',
      'select pg_reload_conf()',
      'checkpoint',
    ])
    for (let i = 0; i < 2; i++) running.push(await startOutpost(serverDir, url))
    const inbound = await createBenchWebhook(running[0]!.url, c.token)
    const results: WorkloadResult[] = []
    const loads = [
      ['W1', 'GET'],
      ['W2', 'GET'],
      ['W3', 'GET'],
      ['W5', 'POST'],
      ['W6', 'PATCH'],
      ['W7', 'POST'],
    ] as const
    for (const [id, method] of loads) {
      const onSqlite = sqlite.find((result) => result.id === id)
      if (!onSqlite) continue
      for (const servers of [running.slice(0, 1), running]) {
        const requests = outpostRequests(c, `pg${servers.length}`, inbound)
        const load = await driveAll(servers, c.token, method, requests[id])
        if (load.errors > 0) throw new Error(`${id} on PostgreSQL: ${load.errors} errors`)
        const processes = servers.length === 1 ? '1 process' : `${servers.length} processes`
        results.push({
          id: `${id}-pg${servers.length}`,
          name: `${onSqlite.name.split(',')[0]}: PostgreSQL, ${processes}, against SQLite`,
          value: Math.round(load.rps),
          unit: 'req/s',
          floor: onSqlite.value,
          ratio: load.rps / onSqlite.value,
          target: 0,
          p50: load.p50,
          p99: load.p99,
        })
        console.log(`${id} on PostgreSQL, ${processes}: ${Math.round(load.rps)} req/s`)
      }
    }
    // W4 (one client walking every page in order: a walk is one client) and W14 (the UI's short
    // searches, their own index there: people_word_starts), through one process.
    const first = { ...c, outpost: running[0]! }
    for (const [id, measure] of [
      ['W4', walkAll],
      ['W14', shortSearch],
    ] as const) {
      const onSqlite = sqlite.find((result) => result.id === id)
      if (!onSqlite) continue
      const timed = await measure(first)
      results.push({
        ...timed,
        id: `${id}-pg1`,
        name: `${timed.name}: PostgreSQL, 1 process, against SQLite`,
        floor: onSqlite.value,
        // Times: lower is better.
        ratio: onSqlite.value / timed.value,
        target: 0,
      })
      console.log(`${id} on PostgreSQL: ${timed.value} ms`)
    }
    return results
  } finally {
    for (const server of running) await server.stop()
    cluster.stop()
    rmSync(serverDir, { recursive: true, force: true })
  }
}
