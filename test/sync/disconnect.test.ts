// Disconnecting a replica (Settings › Sync, `outpost sync disconnect`): the workspace stays on the
// laptop as its own, its settings editable again; changes that have not reached the team server
// are not dropped unless the user says so (docs/sync-protocol.md, section 8).
import { describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import { caller, startTestServer } from '../support/server'

describe('disconnecting a replica', () => {
  it('keeps the workspace here; with changes waiting, only when told to lose them', async () => {
    const team = await startTestServer()
    const laptop = await startTestServer()
    try {
      await team.api.post('/api/v1/people', { fullName: 'From The Team' })
      const connected = await laptop.admin.put('/api/app/v1/sync', {
        serverUrl: team.url,
        token: team.apiToken,
      })
      expect(connected.body.state).toBe('synced')
      const workspaceId = team.tenantId
      const made = await createApiToken(
        laptop.db,
        workspaceId,
        { name: 'here', scope: 'admin' },
        new Date(),
      )
      const here = caller(laptop.url, made.token)
      // Settings are the team server's while connected.
      expect((await here.post('/api/app/v1/lost-reasons', { name: 'Mine' })).status).toBe(403)

      // The team server goes away; a person made meanwhile waits.
      await team.close()
      expect((await here.post('/api/v1/people', { fullName: 'Made Offline' })).status).toBe(201)
      const refused = await laptop.admin.delete('/api/app/v1/sync')
      expect(refused.status).toBe(409)
      expect(refused.body.error.details).toMatchObject({ field: 'discardWaiting', waiting: 1 })
      expect((await laptop.admin.get('/api/app/v1/sync')).body.waiting).toBe(1)

      const gone = await laptop.admin.delete('/api/app/v1/sync?discardWaiting=true')
      expect(gone.status).toBe(204)
      expect((await laptop.admin.get('/api/app/v1/sync')).body).toMatchObject({
        state: 'not-connected',
        waiting: 0,
      })
      // The workspace stays, every person in it, and its settings are this computer's now.
      const people = (await here.get('/api/v1/people?pageSize=10')).body.data as {
        fullName: string
      }[]
      expect(people.map((p) => p.fullName).sort()).toEqual(['From The Team', 'Made Offline'])
      expect((await here.post('/api/app/v1/lost-reasons', { name: 'Mine' })).status).toBe(201)
      expect((await laptop.admin.delete('/api/app/v1/sync')).status).toBe(422)
    } finally {
      await laptop.close()
      await team.close().catch(() => undefined)
    }
  })
})
