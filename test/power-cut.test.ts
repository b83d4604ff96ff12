// What a power cut leaves on disk, taken while the server writes: the server process is frozen
// (SIGSTOP, so no write is half-way through a system call) and its files copied, the way the disk
// would be found. Every image must open with integrity "ok" and hold every write the server
// acknowledged before the freeze. A test cannot cut the power to the page cache itself: that the
// acknowledgements also wait for the disk is `synchronous = FULL`, checked on the server's own
// connection by test/storage.test.ts (docs/durability.md).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { requireBuiltCli, runCli, serve } from './support/cli'

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-power-'))
const images = mkdtempSync(join(tmpdir(), 'outpost-images-'))
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(images, { recursive: true, force: true })
})

describe('power-cut images taken while the server writes', () => {
  it('each opens intact with every acknowledged write', { timeout: 120_000 }, async () => {
    requireBuiltCli()
    const created = await runCli([
      ...['token', 'create', '--data-dir', dataDir, '--name', 'writer', '--scope', 'admin'],
    ])
    expect(created.code).toBe(0)
    const token = created.stdout.trim()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    // The writers go faster than the default 300 requests a minute.
    const lifted = await fetch(`${server.url}/api/app/v1/workspace`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimitPerMinute: 100_000 }),
    })
    expect(lifted.status).toBe(200)
    const pid = server.process.pid!
    const acknowledged: string[] = []
    let writing = true
    // Four writers at once, so commits are in flight whenever the server is frozen.
    const writer = async (lane: number) => {
      for (let n = 0; writing; n++) {
        const email = `w${lane}-${n}@power.test`
        const response = await fetch(`${server.url}/api/v1/people`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            fullName: `Writer ${lane} ${n}`,
            primaryEmail: email,
            tags: ['x'],
          }),
        })
        if (response.status !== 201) throw new Error(`write answered ${response.status}`)
        acknowledged.push(email)
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    const taken: { file: string; acknowledged: string[] }[] = []
    try {
      for (let i = 0; i < 8; i++) {
        await sleep(50 + Math.random() * 200)
        process.kill(pid, 'SIGSTOP')
        try {
          const ackedBefore = [...acknowledged]
          const file = join(images, `image-${i}.sqlite`)
          const source = join(dataDir, 'outpost.sqlite')
          copyFileSync(source, file)
          if (existsSync(source + '-wal')) copyFileSync(source + '-wal', file + '-wal')
          taken.push({ file, acknowledged: ackedBefore })
        } finally {
          process.kill(pid, 'SIGCONT')
        }
      }
    } finally {
      writing = false
      await Promise.all(writers)
      await server.stop()
    }
    expect(acknowledged.length).toBeGreaterThan(50)
    for (const image of taken) {
      const db = new BetterSqlite3(image.file)
      try {
        expect(db.pragma('integrity_check', { simple: true }), image.file).toBe('ok')
        const emails = new Set(
          db.prepare('select primary_email from people').pluck().all() as string[],
        )
        const missing = image.acknowledged.filter((email) => !emails.has(email))
        expect(missing, image.file).toEqual([])
        // Tags and the change feed's events are in the same commit as the person.
        const orphans = db
          .prepare(
            `select count(*) from people p where p.primary_email like '%@power.test' and (
               not exists (select 1 from person_tags t where t.person_id = p.id) or
               not exists (select 1 from events e where e.resource_id = p.id))`,
          )
          .pluck()
          .get()
        expect(orphans, image.file).toBe(0)
      } finally {
        db.close()
      }
    }
  })
})
