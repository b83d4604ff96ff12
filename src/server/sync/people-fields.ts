import { createPersonBody } from '../people/schema'
import { customFieldsSchema, timestamp } from '../http/schema-types'

/**
 * A person's synced fields as a change may carry them: each checked as the v1 API checks it
 * (e-mails and phones normalised), custom fields as one whole object. A field of another name
 * makes the change malformed.
 */
export const personFieldsSchema = createPersonBody
  .pick({
    fullName: true,
    primaryEmail: true,
    primaryPhone: true,
    lifecycleStage: true,
    leadSource: true,
    tags: true,
    ownerId: true,
    companyId: true,
  })
  .extend({ customFields: customFieldsSchema, createdAt: timestamp })
  .partial()
  .strict()
