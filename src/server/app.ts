import { Hono } from 'hono'
import type { AppDeps, AppEnv } from './app-env'
import { activitiesRoutes, activityTypesRoutes, myWorkRoutes } from './activities/routes'
import { apiDocsRoutes } from './api-docs/routes'
import { backupsRoutes } from './backups/routes'
import { requireToken } from './auth/middleware'
import { authorizeManagement, authorizeRest, authorizeSync } from './access/middleware'
import { membersRoutes } from './accounts/routes'
import { auditLogRoutes } from './audit/routes'
import { tokensRoutes } from './auth/routes'
import { companiesRoutes } from './companies/routes'
import { currenciesRoutes } from './currencies/routes'
import { dealsRoutes } from './deals/routes'
import { dealsSearchRoutes } from './deals/search-routes'
import { eventsRoutes } from './events/routes'
import { allowedMethods } from './http/allowed-methods'
import { ApiError, redactPath, renderError, sendError } from './http/errors'
import { hostCheck } from './http/host-check'
import { jsonBody } from './http/json-body'
import { queryGuard } from './http/query-guard'
import { securityHeaders } from './http/security-headers'
import { finishReadingBody } from './http/unread-body'
import { createRouter } from './http/validation'
import { routedPath } from './http/routed-path'
import { inboundPublicRoutes } from './inbound/public-routes'
import { inboundWebhooksRoutes } from './inbound/routes'
import { exportsRoutes, importsRoutes } from './imports/routes'
import { lostReasonsRoutes } from './lost-reasons/routes'
import { notesRoutes } from './notes/routes'
import { peopleManagementRoutes, peopleRoutes } from './people/routes'
import { pipelinesRoutes } from './pipelines/routes'
import { savedViewsRoutes } from './saved-views/routes'
import { sessionRoutes } from './sessions/routes'
import { tunnelRoutes } from './tunnel/routes'
import { uiRoutes } from './ui/routes'
import { usersRoutes } from './users/routes'
import { rejectOwnDeliveries } from './webhooks-out/loop-guard'
import { syncRoutes } from './sync/routes'
import { syncLinkRoutes } from './sync/management-routes'
import { syncSignInRoutes } from './sync/sign-in-routes'
import { webhookAlertsRoutes, webhookSubscriptionsRoutes } from './webhooks-out/routes'
import { workspaceRoutes } from './workspaces/routes'
import { idempotentWrites } from './idempotency/middleware'
import { registerEventWebhooks } from './events/webhooks-doc'
import { withApiConventions, type ApiConventions } from './http/openapi-document'

const bearerAuth = {
  type: 'http',
  scheme: 'bearer',
  description: 'An Outpost API token: op_...',
} as const

/** The public REST API of the spec: /api/v1. */
function restApi(deps: AppDeps) {
  const api = createRouter()
  api.use('*', requireToken(deps, 'api'), authorizeRest, jsonBody, idempotentWrites(deps))
  api.route('/people', peopleRoutes(deps))
  api.route('/deals', dealsRoutes(deps))
  api.route('/events', eventsRoutes(deps))
  api.route('/activities', activitiesRoutes(deps))
  api.route('/notes', notesRoutes(deps))
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', bearerAuth)
  registerEventWebhooks(api)
  return api
}

/** How replicas sync with this server (docs/sync-protocol.md): any token, session or role that reads. */
function syncApi(deps: AppDeps) {
  const api = createRouter()
  api.use('*', requireToken(deps, 'api'), authorizeSync, jsonBody)
  api.route('/', syncRoutes(deps))
  return api
}

// The management API's areas by the prefix each is mounted on (imports apart: see managementApi).
const managementAreas = [
  ['/workspace', workspaceRoutes],
  ['/users', usersRoutes],
  ['/members', membersRoutes],
  ['/companies', companiesRoutes],
  ['/pipelines', pipelinesRoutes],
  ['/people', peopleManagementRoutes],
  ['/deals', dealsSearchRoutes],
  ['/lost-reasons', lostReasonsRoutes],
  ['/activity-types', activityTypesRoutes],
  ['/my-work', myWorkRoutes],
  ['/saved-views', savedViewsRoutes],
  ['/currencies', currenciesRoutes],
  ['/tokens', tokensRoutes],
  ['/inbound-webhooks', inboundWebhooksRoutes],
  ['/exports', exportsRoutes],
  ['/webhook-subscriptions', webhookSubscriptionsRoutes],
  ['/webhook-alerts', webhookAlertsRoutes],
  ['/tunnel', tunnelRoutes],
  ['/sync', syncLinkRoutes],
  ['/backups', backupsRoutes],
  ['/audit-log', auditLogRoutes],
] as const

/**
 * The management API the UI and admin scripts use: /api/app/v1 (admin tokens and UI sessions), each
 * route open to the callers whose role has its permission (access/route-permissions.ts).
 */
function managementApi(deps: AppDeps) {
  const api = createRouter()
  // CSV uploads are multipart, not JSON: mounted before the JSON body guard, they answer first and
  // check the admin token themselves.
  api.route('/imports', importsRoutes(deps))
  api.use('*', requireToken(deps, 'admin'), authorizeManagement, jsonBody)
  for (const [prefix, routes] of managementAreas) api.route(prefix, routes(deps))
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', bearerAuth)
  return api
}

function openApiDocument(
  api: ReturnType<typeof createRouter>,
  title: string,
  base: string,
  description: string,
  conventions: ApiConventions,
) {
  let document: unknown
  // Built on first request, then kept: the routes never change while the server runs.
  return () =>
    (document ??= withApiConventions(
      api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title, version: '1.0.0', description, contact: { name: 'Outpost' } },
        servers: [{ url: base }],
        security: [{ bearerAuth: [] }],
      }),
      conventions,
    ))
}

/** Builds the whole HTTP app. Routes are registered before the UI catch-all on purpose. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ getPath: routedPath })
  app.onError(renderError(deps.logger))
  const allowed = allowedMethods(app)
  app.notFound((c) => {
    const allow = allowed(c.req.path)
    if (allow.length === 0) {
      // Never the path as sent: an inbound URL's token is a secret.
      const path = redactPath(c.req.path)
      return sendError(c, new ApiError('not_found', `No route for ${c.req.method} ${path}`))
    }
    const message = `${redactPath(c.req.path)} answers ${allow.join(', ')}, not ${c.req.method}`
    return sendError(
      c,
      new ApiError('method_not_allowed', message, { allowed: allow }, { Allow: allow.join(', ') }),
    )
  })
  // First, so that every answer, errors included, waits until the request body is read.
  app.use('*', finishReadingBody())
  app.use('*', hostCheck(deps.allowedHosts))
  app.use('*', queryGuard)
  app.use('*', rejectOwnDeliveries(deps))
  app.use('*', securityHeaders)

  const rest = restApi(deps)
  const management = managementApi(deps)
  // The documents are public (they hold no data), so they are answered before the APIs' auth.
  const restDocument = openApiDocument(
    rest,
    'Outpost REST API',
    '/api/v1',
    'Deals and People of one workspace.',
    { idempotentWrites: true },
  )
  const managementDocument = openApiDocument(
    management,
    'Outpost management API',
    '/api/app/v1',
    'Workspace settings for the Outpost UI and admin scripts; needs an admin token, and a role ' +
      'with the permission each route names (403 `forbidden` with `details.permission` otherwise).',
    { idempotentWrites: false },
  )
  app.get('/api/v1/openapi.json', (c) => c.json(restDocument()))
  app.get('/api/app/v1/openapi.json', (c) => c.json(managementDocument()))
  app.route('/api/docs', apiDocsRoutes())
  app.route('/', sessionRoutes(deps))
  // Public: the URL token is the credential, and the route reads its own bodies (not only JSON).
  app.route('/webhooks/in', inboundPublicRoutes(deps))
  app.route('/api/v1', rest)
  app.route('/api/app/v1', management)
  // Before the sync API's token check: signing in is how a replica gets its token.
  app.route('/api/sync/v1/sign-in', syncSignInRoutes(deps))
  app.route('/api/sync/v1', syncApi(deps))
  if (deps.uiDir) app.route('/', uiRoutes(deps.uiDir))
  return app
}

export type App = ReturnType<typeof createApp>
