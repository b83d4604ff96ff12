import { z } from '@hono/zod-openapi'
import { pageQuery } from '../http/pagination'

const idFilter = (name: string, description: string) =>
  z
    .uuid()
    .optional()
    .openapi({ param: { name, in: 'query', required: false }, format: 'uuid', description })

/** The deals of one person, company or pipeline, for the UI's detail pages. */
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
})

export type DealsSearch = z.output<typeof dealsSearchQuery>
export type DealFilters = Omit<DealsSearch, 'page' | 'pageSize'>
