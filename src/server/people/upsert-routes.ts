import { createRoute } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { extensionNote } from '../http/list-extensions'
import { errorResponses, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { personSchema, upsertPersonBody } from './schema'
import { upsertPersonByEmail } from './service'

/**
 * POST /api/v1/people/upsert: create or update a person by e-mail in one request, as HubSpot's
 * batch upsert with `idProperty: email` does. A POST (not PUT to a URL with the address in it):
 * e-mail addresses stay out of URLs and logs, and Idempotency-Key works as on every POST.
 */
export const peopleUpsertRoutes = ({ clock }: RouteDeps) =>
  createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/upsert',
      tags: ['People'],
      operationId: 'upsertPerson',
      summary: 'Create or update a person by e-mail',
      description:
        `${extensionNote} The person holding \`primaryEmail\` in the workspace is updated with ` +
        'the fields sent, as PATCH would (200); when none does, one is created, as POST would ' +
        '(201, with Location; `fullName` is then required). One transaction; the events are ' +
        'those of that PATCH or POST. Concurrent upserts of one e-mail end as one person.',
      request: jsonRequest(upsertPersonBody),
      responses: {
        200: jsonResponse(personSchema, 'The person holding the e-mail, updated'),
        201: jsonResponse(personSchema, 'No person had the e-mail: the person created'),
        ...errorResponses(400, 401, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const { person, created } = await upsertPersonByEmail(
        c.get('db'),
        c.get('auth').tenantId,
        input,
        clock.now(),
      )
      if (created) return c.json(person, 201, { Location: `/api/v1/people/${person.id}` })
      return c.json(person, 200)
    },
  )
