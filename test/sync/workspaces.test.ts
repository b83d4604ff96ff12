// One laptop, a replica of each workspace its user has on the team server (issue 17: "a full local
// replica of the team's workspaces"): signing in without choosing brings them all, each synced by
// its own link (client id, token, cursor, outbox), each write reaching its own workspace only; one
// can stop syncing while the others go on, and signing in again adds those not here yet; one the
// user was removed from leaves the laptop (docs/sync-protocol.md, section 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findAccountByEmail } from '../../src/server/accounts/lookup'
import { inviteMember, removeMember, setPassword } from '../../src/server/accounts/service'
import { createApiToken } from '../../src/server/auth/service'
import { syncOnce } from '../../src/server/sync/replica'
import { listWorkspaces } from '../../src/server/workspaces/service'
import { ownerOfMachine, type Role } from '../../src/shared/permissions'
import { caller, startTestServer, type Caller, type TestServer } from '../support/server'

let team: TestServer

beforeAll(async () => {
  team = await startTestServer()
})
afterAll(() => team.close())

/** Erin, a member of the first workspace who may only read the second, with her password set. */
async function erin(secondTenantId: string) {
  const email = 'erin@workspaces.test'
  const invite = (tenantId: string, role: Role) =>
    inviteMember(team.db, tenantId, { email, role }, new Date(), { permissions: ownerOfMachine })
  await invite(team.tenantId, 'member')
  await invite(secondTenantId, 'read-only')
  const account = (await findAccountByEmail(team.db, email))!
  await setPassword(team.db, account.id, { password: 'correct horse battery' }, new Date())
}

/** A caller of the laptop's REST API in one of the workspaces it holds. */
async function on(here: TestServer, tenantId: string): Promise<Caller> {
  const made = await createApiToken(here.db, tenantId, { name: 'test', scope: 'admin' }, new Date())
  return caller(here.url, made.token)
}

/** Settings › Sync on the laptop, signing in with the account's e-mail and password. */
const signIn = (here: TestServer, serverUrl: string, email: string) =>
  here.admin.put('/api/app/v1/sync', { serverUrl, email, password: 'correct horse battery' })

const names = async (api: Caller) =>
  ((await api.get('/api/v1/people?pageSize=100')).body.data as { fullName: string }[])
    .map((person) => person.fullName)
    .sort()

describe('a laptop replicating several workspaces of its team server', () => {
  it('signing in brings each of the account’s workspaces; each syncs its own records', async () => {
    const second = await team.otherWorkspace('Second Team')
    await erin(second.tenantId)
    await team.api.post('/api/v1/people', { fullName: 'First Team Person' })
    await second.admin.post('/api/v1/people', { fullName: 'Second Team Person' })

    const here = await startTestServer()
    try {
      const connected = await signIn(here, team.url, 'erin@workspaces.test')
      expect(connected.status).toBe(200)
      expect(connected.body.state).toBe('synced')
      const linked = connected.body.workspaces as { workspaceId: string; name: string }[]
      expect(linked.map((w) => w.workspaceId).sort()).toEqual(
        [team.tenantId, second.tenantId].sort(),
      )
      expect(linked.map((w) => w.name)).toContain('Second Team')
      // The server made the laptop a token in each workspace, Erin's own.
      for (const admin of [team.admin, second.admin]) {
        const { body: tokens } = await admin.get('/api/app/v1/tokens?pageSize=100')
        expect((tokens.data as { name: string }[]).map((t) => t.name)).toContainEqual(
          expect.stringMatching(/^Sync: .+ \(erin@workspaces\.test\)$/),
        )
      }

      // Each workspace holds its own people, and only those.
      const first = await on(here, team.tenantId)
      const other = await on(here, second.tenantId)
      expect(await names(first)).toContain('First Team Person')
      expect(await names(first)).not.toContain('Second Team Person')
      expect(await names(other)).toEqual(['Second Team Person'])

      // Erin's role holds in each: she writes in the first, only reads in the second.
      expect((await first.post('/api/v1/people', { fullName: 'Made On Laptop' })).status).toBe(201)
      expect((await other.post('/api/v1/people', { fullName: 'Not Allowed' })).status).toBe(403)
      await second.admin.post('/api/v1/people', { fullName: 'Later In Second' })
      const report = await syncOnce(here.db, () => new Date())
      expect(report.pushed).toBe(1)
      expect(await names(team.api)).toContain('Made On Laptop')
      expect(await names(second.admin)).not.toContain('Made On Laptop')
      expect(await names(other)).toEqual(['Later In Second', 'Second Team Person'])

      // Stopping the second alone: it stays here as the laptop's own; the first goes on syncing.
      const stopped = await here.admin.delete(`/api/app/v1/sync?workspaceId=${second.tenantId}`)
      expect(stopped.status).toBe(204)
      const after = (await here.admin.get('/api/app/v1/sync')).body
      expect(after.workspaces.map((w: { workspaceId: string }) => w.workspaceId)).toEqual([
        team.tenantId,
      ])
      // Its token is given back: revoked on the server, the first's still live.
      const revoked = async (admin: Caller) => {
        const { body: tokens } = await admin.get('/api/app/v1/tokens?pageSize=100')
        return (tokens.data as { name: string; revokedAt: string | null }[])
          .filter((token) => token.name.startsWith('Sync: '))
          .map((token) => token.revokedAt !== null)
      }
      expect(await revoked(second.admin)).toEqual([true])
      expect(await revoked(team.admin)).toContain(false)
      expect((await other.post('/api/app/v1/lost-reasons', { name: 'Ours' })).status).toBe(201)
      expect((await first.post('/api/app/v1/lost-reasons', { name: 'Ours' })).status).toBe(403)
      await team.api.post('/api/v1/people', { fullName: 'Still Arrives' })
      await second.admin.post('/api/v1/people', { fullName: 'No Longer Arrives' })
      await syncOnce(here.db, () => new Date())
      expect(await names(first)).toContain('Still Arrives')
      expect(await names(other)).not.toContain('No Longer Arrives')

      // Another server cannot join a laptop that replicates this one.
      const elsewhere = await here.admin.put('/api/app/v1/sync', {
        serverUrl: 'http://127.0.0.1:9',
        token: `op_${'A'.repeat(43)}`,
      })
      expect(elsewhere.status).toBe(409)
      expect(elsewhere.body.error.message).toMatch(/another team server/)
      expect(elsewhere.body.error.details.field).toBe('serverUrl')

      // Signing in again brings back what is not here: the second, with what it missed.
      const again = await signIn(here, team.url, 'erin@workspaces.test')
      expect(again.status).toBe(200)
      expect(again.body.workspaces).toHaveLength(2)
      expect(await names(other)).toContain('No Longer Arrives')
      // Once more, the address with a trailing slash: the same server, nothing left to add.
      const once = await signIn(here, `${team.url}/`, 'erin@workspaces.test')
      expect(once.status).toBe(409)
      expect(once.body.error.message).toMatch(/already a replica of that workspace/)
      // The tokens those sign-ins made and the laptop did not keep were given back: one live
      // token of the laptop's in each workspace.
      const live = async (admin: Caller) => (await revoked(admin)).filter((gone) => !gone)
      expect(await live(team.admin)).toHaveLength(1)
      expect(await live(second.admin)).toHaveLength(1)
    } finally {
      await here.close()
    }
  })

  it('a workspace the user was removed from leaves the laptop; a revoked token keeps the copy', async () => {
    const server = await startTestServer()
    const second = await server.otherWorkspace('Former Team')
    const email = 'fred@workspaces.test'
    for (const tenantId of [server.tenantId, second.tenantId]) {
      await inviteMember(server.db, tenantId, { email, role: 'member' }, new Date(), {
        permissions: ownerOfMachine,
      })
    }
    const fred = (await findAccountByEmail(server.db, email))!
    await setPassword(server.db, fred.id, { password: 'correct horse battery' }, new Date())
    await second.admin.post('/api/v1/people', { fullName: 'Former Team Person' })
    const here = await startTestServer()
    try {
      const connected = await signIn(here, server.url, email)
      expect(connected.body.workspaces).toHaveLength(2)
      const former = await on(here, second.tenantId)
      await former.post('/api/v1/people', { fullName: 'Written Before Removal' })

      await removeMember(server.db, second.tenantId, fred.id, { permissions: ownerOfMachine })
      const report = await syncOnce(here.db, () => new Date())
      expect(report.removed).toEqual([{ id: second.tenantId, name: 'Former Team' }])
      const left = (await listWorkspaces(here.db)).map((workspace) => workspace.id)
      expect(left).not.toContain(second.tenantId)
      expect((await former.get('/api/v1/people')).status).toBe(401)
      const link = (await here.admin.get('/api/app/v1/sync')).body
      expect(link.workspaces.map((w: { workspaceId: string }) => w.workspaceId)).toEqual([
        server.tenantId,
      ])
      expect(link.state).toBe('synced')

      // The first workspace's token revoked on the server: an error to act on, the copy kept.
      const first = await on(here, server.tenantId)
      await first.post('/api/v1/people', { fullName: 'Kept Though Revoked' })
      const { body: tokens } = await server.admin.get('/api/app/v1/tokens?pageSize=100')
      const laptops = (tokens.data as { id: string; name: string }[]).filter((t) =>
        t.name.startsWith('Sync: '),
      )
      for (const token of laptops) await server.admin.delete(`/api/app/v1/tokens/${token.id}`)
      await expect(syncOnce(here.db, () => new Date())).rejects.toThrow(/unknown or revoked/)
      expect((await here.admin.get('/api/app/v1/sync')).body).toMatchObject({
        state: 'error',
        waiting: 1,
      })
      expect(await names(first)).toContain('Kept Though Revoked')
    } finally {
      await here.close()
      await server.close()
    }
  })

  it('a server out of reach leaves each workspace offline with its own changes waiting', async () => {
    const server = await startTestServer()
    const second = await server.otherWorkspace('Away Team')
    const here = await startTestServer()
    try {
      for (const token of [server.apiToken, second.token]) {
        const connected = await here.admin.put('/api/app/v1/sync', { serverUrl: server.url, token })
        expect(connected.status).toBe(200)
      }
      await server.close()
      const first = await on(here, server.tenantId)
      const other = await on(here, second.tenantId)
      await first.post('/api/v1/people', { fullName: 'One' })
      await other.post('/api/v1/people', { fullName: 'Two' })
      await other.post('/api/v1/people', { fullName: 'Three' })
      await expect(syncOnce(here.db, () => new Date())).rejects.toThrow(/cannot be reached/)
      const link = (await here.admin.get('/api/app/v1/sync')).body
      expect(link).toMatchObject({ state: 'offline', waiting: 3 })
      const waiting = Object.fromEntries(
        (link.workspaces as { workspaceId: string; state: string; waiting: number }[]).map((w) => [
          w.workspaceId,
          [w.state, w.waiting],
        ]),
      )
      expect(waiting).toEqual({
        [server.tenantId]: ['offline', 1],
        [second.tenantId]: ['offline', 2],
      })
      // Stopping one says what it would lose: its own changes, not the other's.
      const refused = await here.admin.delete(`/api/app/v1/sync?workspaceId=${second.tenantId}`)
      expect(refused.status).toBe(409)
      expect(refused.body.error.details.waiting).toBe(2)
    } finally {
      await here.close()
      await server.close().catch(() => undefined)
    }
  })
})
