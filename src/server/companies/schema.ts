import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
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
