import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { pageSchema } from '../http/pagination'
import { searchAndTimelineRoutes } from '../timeline/routes'
import { dealSchema } from './schema'
import { dealListItemSchema, dealsSearchQuery } from './search-schema'
import { searchDeals } from './search-service'
import { dealsBulkRoutes } from './bulk-routes'
import { dealCustomFields, getDeal, getDealProbability, setDealProbability } from './service'
import { customFieldsRoutes } from '../custom-fields/routes'

const probabilityBody = z
  .strictObject({
    probability: z.number().int().min(0).max(100).nullable().openapi({
      description: "0-100; null follows the deal's stage",
    }),
  })
  .openapi('DealProbability')

/** PUT /{id}/probability: a deal's own chance of winning, for the forecast (docs/forecast.md). */
const probabilityRoutes = () =>
  createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/probability',
        tags: ['Deals (UI)'],
        operationId: 'getDealProbability',
        summary: "A deal's own probability for the forecast; null when it follows its stage",
        description:
          "The deal's own probability (0-100) used by the forecast, or null when it follows its stage's.",
        request: { params: idParams },
        responses: {
          200: jsonResponse(probabilityBody, 'The probability'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) =>
        c.json(
          await getDealProbability(c.get('db'), c.get('auth').tenantId, c.req.valid('param').id),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/probability',
        tags: ['Deals (UI)'],
        operationId: 'setDealProbability',
        summary: "Set a deal's own probability for the forecast, or null for its stage's",
        description:
          "Sets the deal's own probability (0-100) for the forecast; null makes it follow its stage's again.",
        request: { params: idParams, ...jsonRequest(probabilityBody) },
        responses: {
          200: jsonResponse(probabilityBody, 'The probability set'),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const { probability } = validated<z.output<typeof probabilityBody>>(c, 'json')
        const { tenantId } = c.get('auth')
        return c.json(
          await setDealProbability(c.get('db'), tenantId, c.req.param('id'), probability),
          200,
        )
      },
    )

/**
 * /api/app/v1/deals: deals of a person, company or pipeline, a deal's timeline, probability and
 * custom fields.
 */
export const dealsSearchRoutes = (deps: RouteDeps) =>
  searchAndTimelineRoutes(
    ['Deals (UI)'],
    {
      operationId: 'searchDeals',
      summary: 'List the deals of a person, company or pipeline, newest first',
      description:
        'One page of the deals of a person, company or pipeline (and other filters the v1 list does not have), newest first.',
      query: dealsSearchQuery,
      page: pageSchema(dealListItemSchema, 'DealSearchPage'),
      pageDescription: 'One page of deals',
      search: searchDeals,
    },
    {
      operationId: 'listDealEvents',
      summary: "A deal's timeline: its stage changes and other events, newest first",
      requireRecord: getDeal,
    },
  )
    .route('/', probabilityRoutes())
    .route('/', dealsBulkRoutes(deps))
    .route(
      '/',
      customFieldsRoutes(deps, {
        tag: 'Deals (UI)',
        noun: 'deal',
        schema: dealSchema,
        owner: dealCustomFields,
      }),
    )
