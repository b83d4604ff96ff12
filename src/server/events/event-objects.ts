import type { z } from '@hono/zod-openapi'
import type { EventType } from '../../shared/events'
import { activitySchema } from '../activities/schema'
import { companySchema } from '../companies/schema'
import { dealSchema } from '../deals/schema'
import { noteSchema } from '../notes/schema'
import { personSchema } from '../people/schema'
import { savedViewSchema } from '../saved-views/schema'

export type Resource = EventType extends `${infer R}.${string}` ? R : never

// The record each resource's events carry in `data.object`; a reminder's is its activity. Keyed by
// every resource of eventTypes, so a new one does not compile until its record is named here.
export const objectSchemas: Record<Resource, z.ZodType> = {
  deal: dealSchema,
  person: personSchema,
  company: companySchema,
  activity: activitySchema,
  note: noteSchema,
  reminder: activitySchema,
  saved_view: savedViewSchema,
}

/** Every record an event of the feed may carry, each once: what the feed's Event says it holds. */
export const eventObjectSchemas = [...new Set(Object.values(objectSchemas))]
