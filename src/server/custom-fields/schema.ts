import { z } from '@hono/zod-openapi'
import { parseCustomFieldKey, parseCustomFieldValue } from '../../shared/fields/custom-field'
import { ruled } from '../http/schema-types'

/** What the UI may write into a person's or a deal's custom fields: null removes a field. */
export const customFieldsPatchBody = z
  .strictObject({
    customFields: z
      .record(
        ruled(parseCustomFieldKey),
        z
          .union([z.string(), z.number(), z.boolean()])
          .transform((value, ctx) => {
            const result = parseCustomFieldValue(value)
            if (result.ok) return result.value as string | number | boolean
            ctx.addIssue({ code: 'custom', message: result.message })
            return z.NEVER
          })
          .nullable(),
      )
      .refine((fields) => Object.keys(fields).length <= 100, 'must change at most 100 fields')
      .openapi({
        description: 'Field name -> new value; null removes the field. Fields not sent stay.',
        example: { plan: 'pro', seats: 12, trial: null },
      }),
  })
  .openapi('PatchCustomFields')

export type CustomFieldsPatch = z.output<typeof customFieldsPatchBody>['customFields']
