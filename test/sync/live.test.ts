// Others' changes arrive at once (docs/sync-protocol.md, section 8): a running replica, and
// `outpost sync watch`, keep the team server's event stream open and sync as soon as it tells of a
// change, long before their next poll.
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { silentLogger } from '../../src/server/logger'
import { startServer } from '../../src/server/server'
import { bin, requireBuiltCli } from '../support/cli'
import { startTestServer, type TestServer } from '../support/server'
import { peopleOf, startReplica } from './support'

let server: TestServer

beforeAll(async () => {
  requireBuiltCli()
  server = await startTestServer()
})
afterAll(() => server.close())

/** Resolves once `check` holds, checking every 50 ms; fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('live changes from the team server', () => {
  it('reach a running replica at once, though its poll is ten minutes away', async () => {
    const laptop = await startReplica(server)
    const running = await startServer({
      dataDir: laptop.dataDir,
      port: 0,
      logger: silentLogger,
      dailyBackups: false,
      syncEveryMs: 600_000,
    })
    onTestFinished(async () => {
      await running.close()
      await laptop.close()
    })
    // The replica's stream is open once a first change has come through it.
    await server.api.post('/api/v1/people', { fullName: 'Warm Up' })
    const has = (name: string) => async () =>
      (await peopleOf(laptop.db, laptop.tenantId)).some((person) => person.fullName === name)
    await within(5_000, has('Warm Up'))

    for (const name of ['Live One', 'Live Two']) {
      await server.api.post('/api/v1/people', { fullName: name })
      await within(3_000, has(name))
    }
  })

  it('reach `outpost sync watch` at once, though its next round is an hour away; Ctrl-C ends it', async () => {
    const laptop = await startReplica(server)
    onTestFinished(() => laptop.close())
    // Its first round, made at start, brings this one.
    await server.api.post('/api/v1/people', { fullName: 'Before Watch' })
    const watch = spawn(process.execPath, [
      ...[bin, 'sync', 'watch', '--every', '3600', '--data-dir', laptop.dataDir],
    ])
    const exited = new Promise((done) => watch.once('exit', done))
    onTestFinished(() => void watch.kill('SIGKILL'))
    let output = ''
    watch.stdout.on('data', (chunk) => (output += chunk))
    const rounds = () => output.match(/pulled [1-9]/g)?.length ?? 0
    await within(10_000, async () => rounds() === 1)
    await server.api.post('/api/v1/people', { fullName: 'Watched' })
    await within(3_000, async () => rounds() >= 2)
    expect((await peopleOf(laptop.db, laptop.tenantId)).map((p) => p.fullName)).toContain('Watched')
    // Ctrl-C (here SIGTERM) ends it at once, an hour's wait or not.
    watch.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
