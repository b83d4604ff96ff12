import { z } from '@hono/zod-openapi'
import { customFieldFilterParam } from '../custom-fields/filter'
import { uuid } from '../http/schema-types'
import { pageQuery } from '../http/pagination'
import { dealSchema } from './schema'

const idFilter = (name: string, description: string) =>
  uuid
    .optional()
    .openapi({ param: { name, in: 'query', required: false }, format: 'uuid', description })

const amount = (name: string, description: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number like 1500 or 1500.50')
    .transform(Number)
    .optional()
    .openapi({ param: { name, in: 'query', required: false }, type: 'number', description })

const date = (name: string, description: string) =>
  z.iso
    .date('must be a date like 2026-12-31')
    .optional()
    .openapi({ param: { name, in: 'query', required: false }, description })

/** The deals list of the UI, and the deals of one person, company or pipeline. */
export const dealsSearchQuery = pageQuery.extend({
  personId: idFilter('personId', 'Deals whose primary person this is'),
  companyId: idFilter('companyId', 'Deals whose primary company this is'),
  pipelineId: idFilter('pipelineId', 'Deals of this pipeline'),
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query', required: false },
      description: 'The title contains this text (case ignored)',
    }),
  stageId: idFilter('stageId', 'Deals in this stage'),
  ownerId: idFilter('ownerId', 'Deals this user owns'),
  status: z
    .enum(['open', 'won', 'lost'])
    .optional()
    .openapi({
      param: { name: 'status', in: 'query', required: false },
      description: "The type of the deal's stage",
    }),
  tag: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: 'tag', in: 'query', required: false },
      description: 'Has this tag (compared without case)',
    }),
  valueMin: amount('valueMin', 'Worth at least this'),
  valueMax: amount('valueMax', 'Worth at most this'),
  closeFrom: date('closeFrom', 'Expected to close on or after this date'),
  closeTo: date('closeTo', 'Expected to close on or before this date'),
  customField: customFieldFilterParam,
  noNextActivity: z
    .enum(['true'])
    .optional()
    .openapi({
      param: { name: 'noNextActivity', in: 'query', required: false },
      description: 'Only deals with no open activity',
    }),
  sort: z
    .enum([
      '-createdAt',
      'createdAt',
      'title',
      '-title',
      'value',
      '-value',
      'expectedCloseDate',
      '-expectedCloseDate',
      '-updatedAt',
    ])
    .default('-createdAt')
    .openapi({
      param: { name: 'sort', in: 'query', required: false },
      description: 'The order: a field, descending with a leading -',
    }),
})

export type DealsSearch = z.output<typeof dealsSearchQuery>

/** The orders of the v1 list's `sort` (Outpost extension). */
export const dealListSorts = [
  '-createdAt',
  'createdAt',
  '-updatedAt',
  'updatedAt',
  'title',
  '-title',
] as const

/** Every order a deals list can be read in, the UI's list and the v1 list alike. */
export type DealSort = DealsSearch['sort'] | (typeof dealListSorts)[number]

/** What narrows and orders a deals list: the UI's filters, and those only the v1 list has. */
export type DealFilters = Omit<DealsSearch, 'page' | 'pageSize' | 'sort'> & {
  sort: DealSort
  /** An ISO date-time in UTC, as updatedAt is stored. */
  updatedSince?: string
}

/** A deal of the UI's lists: the v1 deal and the names of its person and company. */
export const dealListItemSchema = dealSchema
  .extend({
    personName: z.string().nullable().openapi({ description: "The primary person's full name" }),
    companyName: z.string().nullable().openapi({ description: "The primary company's name" }),
  })
  .openapi('DealListItem')

export type DealListItem = z.output<typeof dealListItemSchema>
