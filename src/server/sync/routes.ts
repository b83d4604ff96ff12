import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { errorResponses } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { pullChanges, takeSnapshot } from './pull'
import { pushMutations } from './push'
import { defaultPullLimit, pullQuery, pushBody, snapshotQuery } from './schema'

const tags = ['Sync']

const pushRoute = createRoute({
  method: 'post',
  path: '/push',
  tags,
  operationId: 'syncPush',
  summary: "Push a replica's mutations, numbered per client; each is settled exactly once",
  request: { body: { content: { 'application/json': { schema: pushBody } }, required: true } },
  responses: {
    200: { description: 'The newest settled number and the refused mutations' },
    ...errorResponses(400, 401, 403, 409, 426, 429),
  },
})

const pullRoute = createRoute({
  method: 'get',
  path: '/pull',
  tags,
  operationId: 'syncPull',
  summary: 'Pull the changes after a cursor, in commit order',
  request: { query: pullQuery },
  responses: {
    200: { description: 'Changes, the next cursor, and the settled number' },
    ...errorResponses(400, 401, 403, 409, 410, 426, 429),
  },
})

const snapshotRoute = createRoute({
  method: 'get',
  path: '/snapshot',
  tags,
  operationId: 'syncSnapshot',
  summary:
    "Every synced record of the token's workspace with its clocks, and a cursor to pull from",
  request: { query: snapshotQuery },
  responses: { 200: { description: 'The snapshot' }, ...errorResponses(400, 401, 403, 426, 429) },
})

/** /api/sync/v1: how replicas sync with a team server (docs/sync-protocol.md). */
export const syncRoutes = ({ db, clock }: AppDeps) =>
  createRouter()
    .openapi(pushRoute, async (c) =>
      c.json(await pushMutations(db, c.var.auth, c.req.valid('json'), () => clock.now()), 200),
    )
    .openapi(pullRoute, async (c) => {
      const query = c.req.valid('query')
      return c.json(await pullChanges(db, c.var.auth, query, query.limit ?? defaultPullLimit), 200)
    })
    .openapi(snapshotRoute, async (c) =>
      c.json(await takeSnapshot(db, c.var.auth, c.req.valid('query').schemaVersion), 200),
    )
