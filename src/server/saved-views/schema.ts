import { z } from '@hono/zod-openapi'
import { text, timestamp, uuid } from '../http/schema-types'

export const viewResources = ['deals', 'people'] as const

export const savedViewSchema = z
  .object({
    id: uuid,
    resource: z.enum(viewResources),
    name: z.string(),
    query: z.string().openapi({
      example: 'status=open&sort=-value',
      description: "The list's query string: its filters and sort",
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('SavedView', { description: 'A named list of deals or people, shared in the workspace' })

export const createSavedViewBody = z
  .strictObject({
    resource: z.enum(viewResources),
    name: text(80),
    query: z.string().max(2000),
  })
  .openapi('CreateSavedView')

export const updateSavedViewBody = z
  .strictObject({ name: text(80).optional(), query: z.string().max(2000).optional() })
  .openapi('UpdateSavedView', { description: 'Fields not sent stay as they are.' })

export const savedViewsQuery = z.strictObject({ resource: z.enum(viewResources) })

export type SavedView = z.infer<typeof savedViewSchema>
export type CreateSavedViewInput = z.output<typeof createSavedViewBody>
export type UpdateSavedViewInput = z.output<typeof updateSavedViewBody>
