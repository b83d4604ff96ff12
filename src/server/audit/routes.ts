import { createRoute } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { pageQuery, type PageRequest } from '../http/pagination'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { auditPageSchema } from './schema'
import { listAuditLog } from './service'

/** /api/app/v1/audit-log: who changed the workspace's settings, newest first (owners, admins). */
export const auditLogRoutes = (_deps: RouteDeps) =>
  createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Audit log'],
      operationId: 'listAuditLog',
      summary: 'List the audit log, newest first',
      description:
        'Every change to tokens, webhooks, members, users, pipelines and workspace settings: ' +
        'when, by whom (account, token or the machine owner), what and which fields; never a secret.',
      request: { query: pageQuery },
      responses: {
        200: jsonResponse(auditPageSchema, 'One page of the audit log'),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const request = validated<PageRequest>(c, 'query')
      return c.json(await listAuditLog(c.get('db'), c.get('auth').tenantId, request), 200)
    },
  )
