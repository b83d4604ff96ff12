import { z } from '@hono/zod-openapi'
import { pageQuery, pageSchema } from '../http/pagination'
import { text, timestamp, uuid } from '../http/schema-types'

export const companySchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    name: z.string(),
    domain: z.string().nullable().openapi({ example: 'acme.com.br' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Company')

export const companyPageSchema = pageSchema(companySchema, 'CompanyPage')

const money = z.array(z.object({ currency: z.string(), value: z.number() }))

export const companyListItemSchema = companySchema
  .extend({ peopleCount: z.number().int() })
  .openapi('CompanyListItem')

export const companySearchPageSchema = pageSchema(companyListItemSchema, 'CompanySearchPage')

export const companySummarySchema = companySchema
  .extend({
    peopleCount: z.number().int(),
    openDeals: z.object({ count: z.number().int(), totals: money }),
    wonDeals: z.object({ count: z.number().int(), totals: money }),
  })
  .openapi('CompanySummary', {
    description: 'A company with its people count and its open and won deals, per currency',
  })

export const companySearchQuery = pageQuery.extend({
  q: z.string().max(200).optional().openapi({ description: 'Name or domain contains this text' }),
  openDeals: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .openapi({
      param: { name: 'openDeals', in: 'query', required: false },
      type: 'string',
      description: 'true: only companies with an open deal; false: only those without one',
    }),
  sort: z.enum(['-createdAt', 'name']).default('-createdAt').openapi({
    description: 'Newest first (the default) or by name',
  }),
})

const domain = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z
    .string()
    .max(253)
    .regex(
      /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/,
      'must be a domain name like acme.com',
    ),
)

export const createCompanyBody = z
  .strictObject({ name: text(200), domain: domain.nullable().optional() })
  .openapi('CreateCompany')

export const updateCompanyBody = z
  .strictObject({ name: text(200).optional(), domain: domain.nullable().optional() })
  .openapi('UpdateCompany')

export type Company = z.infer<typeof companySchema>
export type CreateCompanyInput = z.infer<typeof createCompanyBody>
export type UpdateCompanyInput = z.infer<typeof updateCompanyBody>
export type CompanySearch = z.output<typeof companySearchQuery>
export type CompanySummary = z.infer<typeof companySummarySchema>
