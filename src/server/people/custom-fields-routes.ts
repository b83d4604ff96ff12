import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { customFieldsPatchBody } from './custom-fields-schema'
import { patchCustomFields } from './custom-fields-service'
import { personSchema } from './schema'

/** /api/app/v1/people/{id}/custom-fields: where the web app writes custom fields. */
export function customFieldsRoutes({ db, clock }: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/custom-fields',
      tags: ['People (UI)'],
      summary: "Set or remove some of a person's custom fields",
      request: { params: idParams, ...jsonRequest(customFieldsPatchBody) },
      responses: {
        200: jsonResponse(personSchema, 'The person'),
        ...errorResponses(400, 401, 403, 404, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        await patchCustomFields(
          db,
          c.var.auth.tenantId,
          c.req.valid('param').id,
          c.req.valid('json').customFields,
          clock.now(),
        ),
        200,
      ),
  )
}
