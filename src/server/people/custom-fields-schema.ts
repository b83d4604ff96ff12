import { z } from '@hono/zod-openapi'

const maxValueChars = 10_000

/** What the UI may write into a person's custom fields: null removes a field. */
export const customFieldsPatchBody = z
  .strictObject({
    customFields: z
      .record(
        z
          .string()
          .regex(
            /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/,
            'must be 1 to 64 letters, digits, _ or -, not starting with -',
          ),
        z.union([z.string().max(maxValueChars), z.number(), z.boolean()]).nullable(),
      )
      .refine((fields) => Object.keys(fields).length <= 100, 'must change at most 100 fields')
      .openapi({
        description: 'Field name -> new value; null removes the field. Fields not sent stay.',
        example: { plan: 'pro', seats: 12, trial: null },
      }),
  })
  .openapi('PatchCustomFields')

export type CustomFieldsPatch = z.output<typeof customFieldsPatchBody>['customFields']
