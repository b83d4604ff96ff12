import { createRoute } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { bySession } from '../auth/credential'
import { revokeApiToken } from '../auth/service'
import { ApiError } from '../http/errors'
import { errorResponses, noContent } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { stream } from 'hono/streaming'
import { openSnapshot, pullChanges, takeSnapshot } from './pull'
import { pushMutations } from './push'
import { defaultPullLimit, pullQuery, pushBody, snapshotQuery, type SnapshotEnd } from './schema'

// A snapshot asked for as NDJSON (Accept): its head, a record a line, then its end (schema.ts).
const ndjson = 'application/x-ndjson'

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
  description:
    'One JSON answer; or, with `Accept: application/x-ndjson`, a stream of lines: the head ' +
    '(everything but the records), one record a line, and last `{"end": true, "records": N}`. ' +
    'A stream without that line was cut off.',
  request: { query: snapshotQuery },
  responses: { 200: { description: 'The snapshot' }, ...errorResponses(400, 401, 403, 426, 429) },
})

const tokenRoute = createRoute({
  method: 'delete',
  path: '/token',
  tags,
  operationId: 'syncGiveBackToken',
  summary: 'A replica ending its link gives its token back: revoked at once',
  description:
    'What a disconnecting replica calls: the bearer token of the request is revoked, so the ' +
    'laptop holds no live credential of the workspace any more. A session has none to give back.',
  responses: { 204: noContent, ...errorResponses(401, 403, 422, 429) },
})

/** /api/sync/v1: how replicas sync with a team server (docs/sync-protocol.md). */
export const syncRoutes = ({ clock, logger }: RouteDeps) =>
  createRouter()
    .openapi(pushRoute, async (c) =>
      c.json(
        await pushMutations(c.get('db'), c.get('auth'), c.req.valid('json'), () => clock.now()),
        200,
      ),
    )
    .openapi(pullRoute, async (c) => {
      const query = c.req.valid('query')
      return c.json(
        await pullChanges(c.get('db'), c.get('auth'), query, query.limit ?? defaultPullLimit),
        200,
      )
    })
    .openapi(tokenRoute, async (c) => {
      const { tenantId, tokenId } = c.get('auth')
      if (bySession(c.get('auth'))) {
        throw new ApiError('validation_error', 'A session has no token to give back')
      }
      await revokeApiToken(c.get('db'), tenantId, tokenId, clock.now())
      return c.body(null, 204)
    })
    .openapi(snapshotRoute, async (c) => {
      const { schemaVersion } = c.req.valid('query')
      if (!(c.req.header('accept') ?? '').includes(ndjson)) {
        return c.json(await takeSnapshot(c.get('db'), c.get('auth'), schemaVersion), 200)
      }
      const { head, pages } = await openSnapshot(c.get('db'), c.get('auth'), schemaVersion)
      c.header('content-type', ndjson)
      c.header('cache-control', 'no-store')
      return stream(
        c,
        async (out) => {
          await out.write(`${JSON.stringify(head)}\n`)
          let records = 0
          for await (const page of pages) {
            records += page.length
            await out.write(page.map((record) => `${JSON.stringify(record)}\n`).join(''))
          }
          const end: SnapshotEnd = { end: true, records }
          await out.write(`${JSON.stringify(end)}\n`)
        },
        // Its head is sent: the stream ends with no last line, which the replica takes as cut off.
        async (error) => logger.error('A snapshot stopped before its end', error),
      )
    })
