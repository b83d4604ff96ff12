// Connecting a laptop by signing in with its user's account on the team server (issue 17, points
// 3 and 4): the server makes the laptop a token within the account's role, an account of several
// workspaces chooses one, a wrong password says no more than that, and a read-only member's
// replica refuses writes offline (docs/sync-protocol.md, section 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findAccountByEmail } from '../../src/server/accounts/lookup'
import { inviteMember, setPassword } from '../../src/server/accounts/service'
import { ownerOfMachine, type Role } from '../../src/shared/permissions'
import { createApiToken } from '../../src/server/auth/service'
import { caller, startTestServer, type TestServer } from '../support/server'

let team: TestServer

beforeAll(async () => {
  team = await startTestServer()
})
afterAll(() => team.close())

/** A fresh laptop (an Outpost of its own) for each test, not a replica yet. */
const freshLaptop = () => startTestServer()

/** A caller of the laptop's REST API in the workspace it replicates. */
async function onReplica(here: TestServer, tenantId: string) {
  const made = await createApiToken(here.db, tenantId, { name: 'test', scope: 'api' }, new Date())
  return caller(here.url, made.token)
}

async function member(email: string, role: Role, tenantId = team.tenantId) {
  await inviteMember(team.db, tenantId, { email, role }, new Date(), {
    permissions: ownerOfMachine,
  })
  const account = (await findAccountByEmail(team.db, email))!
  await setPassword(team.db, account.id, { password: 'correct horse battery' }, new Date())
  return account
}

const signIn = (body: Record<string, unknown>) =>
  fetch(`${team.url}/api/sync/v1/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('signing a laptop in to the team server', () => {
  it('a wrong password, or an unknown e-mail, gets a 401 saying no more', async () => {
    await member('wrong@sign-in.test', 'member')
    for (const email of ['wrong@sign-in.test', 'nobody@sign-in.test']) {
      const answer = await signIn({ email, password: 'not it at all', device: 'Laptop' })
      expect(answer.status).toBe(401)
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
        'The e-mail or password is not right',
      )
    }
    const missing = await signIn({ email: 'wrong@sign-in.test', password: 'x' })
    expect(missing.status).toBe(400)
  })

  it('Settings › Sync with an e-mail and password makes the laptop a replica of the account’s workspace', async () => {
    await member('carla@sign-in.test', 'member')
    const { body: person } = await team.api.post('/api/v1/people', { fullName: 'On The Server' })
    const here = await freshLaptop()
    try {
      const wrong = await here.admin.put('/api/app/v1/sync', {
        serverUrl: team.url,
        email: 'carla@sign-in.test',
        password: 'not her password',
      })
      expect(wrong.status).toBe(422)
      expect(wrong.body.error.details.field).toBe('password')
      const connected = await here.admin.put('/api/app/v1/sync', {
        serverUrl: team.url,
        email: 'carla@sign-in.test',
        password: 'correct horse battery',
      })
      expect(connected.status).toBe(200)
      expect(connected.body).toMatchObject({
        state: 'synced',
        workspaces: [{ workspaceId: team.tenantId, state: 'synced' }],
      })
      const copy = await (await onReplica(here, team.tenantId)).get(`/api/v1/people/${person.id}`)
      expect(copy.body.fullName).toBe('On The Server')
      // The token the server made is the account's: its owner sees it among the workspace's.
      const { body: tokens } = await team.admin.get('/api/app/v1/tokens?pageSize=100')
      expect((tokens.data as { name: string }[]).map((t) => t.name)).toContainEqual(
        expect.stringMatching(/^Sync: .+ \(carla@sign-in\.test\)$/),
      )
    } finally {
      await here.close()
    }
  })

  it('an account of two workspaces asking for one is asked which, and gets the one it names', async () => {
    const other = await team.otherWorkspace('Second Team')
    await member('dora@sign-in.test', 'member')
    await inviteMember(
      team.db,
      other.tenantId,
      { email: 'dora@sign-in.test', role: 'read-only' },
      new Date(),
      { permissions: ownerOfMachine },
    )
    const asked = await signIn({
      email: 'dora@sign-in.test',
      password: 'correct horse battery',
      device: 'Laptop',
    })
    expect(asked.status).toBe(422)
    const { error } = (await asked.json()) as {
      error: { details: { field: string; workspaces: { id: string; role: string }[] } }
    }
    expect(error.details.field).toBe('workspaceId')
    expect(error.details.workspaces.map((w) => w.id).sort()).toEqual(
      [team.tenantId, other.tenantId].sort(),
    )

    // The second, where Dora may only read: her laptop's copy refuses writes, offline too.
    const here = await freshLaptop()
    try {
      const connected = await here.admin.put('/api/app/v1/sync', {
        serverUrl: team.url,
        email: 'dora@sign-in.test',
        password: 'correct horse battery',
        workspaceId: other.tenantId,
      })
      expect(connected.body).toMatchObject({
        state: 'synced',
        workspaces: [{ workspaceId: other.tenantId }],
      })
      expect(connected.body.workspaces).toHaveLength(1)
      const replica = await onReplica(here, other.tenantId)
      const write = await replica.post('/api/v1/people', { fullName: 'Not Allowed' })
      expect(write.status).toBe(403)
    } finally {
      await here.close()
    }
  })
})
