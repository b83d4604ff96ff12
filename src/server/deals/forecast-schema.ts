import { z } from '@hono/zod-openapi'
import { pipelineSchema } from '../pipelines/schema'
import { boardCardSchema } from './board-schema'

const money = z.array(z.object({ currency: z.string(), value: z.number() }))

const forecastMonthSchema = z
  .object({
    month: z.string().nullable().openapi({ example: '2026-12', description: 'null: no date' }),
    openCount: z.number().int(),
    open: money.openapi({ description: 'Open deals expected to close this month, per currency' }),
    weighted: money.openapi({ description: 'The same, each value times its probability' }),
    wonCount: z.number().int(),
    won: money.openapi({ description: 'Deals won this month, per currency' }),
    deals: z.array(boardCardSchema).openapi({ description: 'The open deals, then the won ones' }),
  })
  .openapi('ForecastMonth')

export const forecastSchema = z
  .object({
    pipeline: pipelineSchema,
    earlier: forecastMonthSchema.openapi({
      description:
        'Open deals expected to close before the first month shown: their date has passed',
    }),
    months: z.array(forecastMonthSchema),
    later: forecastMonthSchema.openapi({
      description: 'Open deals expected to close after the last month shown',
    }),
    noDate: forecastMonthSchema.openapi({ description: 'Open deals with no expected close date' }),
  })
  .openapi('Forecast')

export const forecastQuery = z.strictObject({
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2026-11')
    .optional()
    .openapi({ description: "The first month; the workspace's current month by default" }),
  months: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(12))
    .default(6)
    .openapi({ type: 'integer', minimum: 1, maximum: 12, default: 6 }),
})

export type Forecast = z.infer<typeof forecastSchema>
export type ForecastMonth = z.infer<typeof forecastMonthSchema>
