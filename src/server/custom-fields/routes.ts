import { createRoute, type z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { inTransaction } from '../db/connection'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import { pascalCase } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { patchCustomFieldsOf, type CustomFieldsOwner, type WithCustomFields } from './patch'
import { customFieldsPatchBody } from './schema'

/** PATCH /{id}/custom-fields of the web app's API for one kind of record (people, deals). */
export function customFieldsRoutes<Record extends WithCustomFields>(
  { clock }: RouteDeps,
  kind: { tag: string; noun: string; schema: z.ZodType; owner: CustomFieldsOwner<Record> },
) {
  return createRouter().openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/custom-fields',
      tags: [kind.tag],
      operationId: `update${pascalCase(kind.noun)}CustomFields`,
      summary: `Set or remove some of a ${kind.noun}'s custom fields`,
      description:
        'Each value sent replaces that field; `null` removes it; fields not sent stay. Values are ' +
        `text, numbers or booleans. Emits the ${kind.noun}'s \`updated\` event.`,
      request: { params: idParams, ...jsonRequest(customFieldsPatchBody) },
      responses: {
        200: jsonResponse(kind.schema, `The ${kind.noun}`),
        ...errorResponses(400, 401, 403, 404, 413, 415, 429),
      },
    }),
    async (c) => {
      const { tenantId } = c.get('auth')
      const { id } = c.req.valid('param')
      const { customFields } = c.req.valid('json')
      const record = await inTransaction(c.get('db'), (trx) =>
        patchCustomFieldsOf(trx, kind.owner, tenantId, id, customFields, clock.now()),
      )
      return c.json(record, 200)
    },
  )
}
