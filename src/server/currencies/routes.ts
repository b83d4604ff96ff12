import { withAudit } from '../audit/with-audit'
import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { parseCurrency } from '../../shared/fields/currency'
import { errorResponses, jsonResponse, noContent, ruled, timestamp } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { pageQuery, pageSchema, paginate } from '../http/pagination'
import { disableCurrency, enableCurrency, listEnabledCurrencies } from './service'

const tags = ['Currencies']
const currencySchema = z
  .object({ code: z.string().openapi({ example: 'USD' }), createdAt: timestamp })
  .openapi('Currency')
const codeParams = z.object({
  code: ruled(parseCurrency).openapi({
    param: { name: 'code', in: 'path' },
    type: 'string',
    example: 'USD',
  }),
})

/** /api/app/v1/currencies: which currencies deals of this workspace may use. */
export function currenciesRoutes({ clock }: RouteDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        operationId: 'listCurrencies',
        summary: 'List the enabled currencies, by code',
        description:
          'The currencies deals of the workspace may be in, by ISO 4217 code, paged as every list is.',
        request: { query: pageQuery },
        responses: {
          200: jsonResponse(pageSchema(currencySchema, 'CurrencyPage'), 'Enabled currencies'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => {
        // A workspace enables a handful: read whole, paged here.
        const enabled = await listEnabledCurrencies(c.get('db'), c.get('auth').tenantId)
        const page = await paginate(
          c.req.valid('query'),
          async () => enabled.length,
          async (limit, offset) => enabled.slice(offset, offset + limit),
        )
        return c.json(page, 200)
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{code}',
        tags,
        operationId: 'enableCurrency',
        summary: 'Enable a currency (idempotent)',
        description:
          'Enables an ISO 4217 currency for deals; enabling one already enabled changes nothing.',
        request: { params: codeParams },
        responses: {
          200: jsonResponse(currencySchema, 'Enabled'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => {
        const { code } = c.req.valid('param')
        const record = { action: 'create', targetType: 'currency', targetId: code } as const
        const enabled = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          enableCurrency(trx, c.get('auth').tenantId, code, clock.now()),
        )
        return c.json(enabled, 200)
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{code}',
        tags,
        operationId: 'disableCurrency',
        summary: 'Disable a currency; deals already in it keep it',
        description: 'New deals can no longer use the currency; deals already in it keep it.',
        request: { params: codeParams },
        responses: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      }),
      async (c) => {
        const { code } = c.req.valid('param')
        const record = { action: 'delete', targetType: 'currency', targetId: code } as const
        await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          disableCurrency(trx, c.get('auth').tenantId, code),
        )
        return c.body(null, 204)
      },
    )
}
