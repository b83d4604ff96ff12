import { z } from '@hono/zod-openapi'
import { uuid } from '../http/schema-types'
import { customFieldFilterParam } from '../custom-fields/filter'
import { pageQuery } from '../http/pagination'
import { lifecycleStageSchema, personSchema } from './schema'

/** A one- or two-letter search counts its matches up to this many (`totalCapped` past it). */
export const shortSearchCountCap = 10_000

/** The people table's query: the v1 list's paging plus search and filters, all optional. */
export const peopleSearchQuery = pageQuery.extend({
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query', required: false },
      description:
        'Name or e-mail contains this text, case and accents ignored; one or two characters: a word of the name or e-mail starts with them',
    }),
  lifecycleStage: lifecycleStageSchema.optional().openapi({
    param: { name: 'lifecycleStage', in: 'query', required: false },
  }),
  ownerId: uuid
    .optional()
    .openapi({ param: { name: 'ownerId', in: 'query', required: false }, format: 'uuid' }),
  companyId: uuid.optional().openapi({
    param: { name: 'companyId', in: 'query', required: false },
    format: 'uuid',
    description: 'Works at this company',
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
  customField: customFieldFilterParam,
  sort: z
    .enum(['-createdAt', 'createdAt', 'fullName', '-fullName'])
    .default('-createdAt')
    .openapi({
      param: { name: 'sort', in: 'query', required: false },
      description: 'The order: newest or oldest first, or by name (case ignored), - for Z to A',
    }),
})

export type PeopleSearch = z.output<typeof peopleSearchQuery>

/** The orders of the v1 list's `sort` (Outpost extension). */
export const peopleListSorts = [
  '-createdAt',
  'createdAt',
  '-updatedAt',
  'updatedAt',
  'fullName',
  '-fullName',
] as const

/** Every order a people list can be read in, the UI's table and the v1 list alike. */
export type PeopleSort = PeopleSearch['sort'] | (typeof peopleListSorts)[number]

/** What narrows and orders a people list: the UI's filters, and those only the v1 list has. */
export type PeopleFilters = Omit<PeopleSearch, 'page' | 'pageSize' | 'sort'> & {
  sort: PeopleSort
  /** Exact address, normalised as stored (trimmed, lower case). */
  email?: string
  /** An ISO date-time in UTC, as updatedAt is stored. */
  updatedSince?: string
}

/** A person of the UI's lists: the v1 person and the name of their company. */
export const personListItemSchema = personSchema
  .extend({
    companyName: z.string().nullable().openapi({ description: "The person's company's name" }),
  })
  .openapi('PersonListItem')

export type PersonListItem = z.output<typeof personListItemSchema>
