import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { text, timestamp, uuid } from '../http/schema-types'

export const stageTypeSchema = z.enum(['open', 'won', 'lost']).openapi({
  description: 'A deal entering a `won` or `lost` stage is closed; `lost` needs a lost reason.',
})

export const stageSchema = z
  .object({
    id: uuid,
    pipelineId: uuid,
    name: z.string(),
    type: stageTypeSchema,
    position: z.number().int().openapi({ description: '0-based order within the pipeline' }),
    probability: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          'Chance of winning a deal in this stage, 0-100, for the weighted forecast; a won stage ' +
          'counts 100 and a lost one 0 whatever it says, an open one without a value 0',
      }),
    rottingDays: z.number().int().nullable().openapi({
      description: 'Days an open deal may go without change in this stage before it rots',
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Stage')

export const pipelineSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    name: z.string(),
    position: z.number().int(),
    stages: z.array(stageSchema).openapi({ description: 'In board order' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Pipeline')

export const pipelinePageSchema = pageSchema(pipelineSchema, 'PipelinePage')

const position = z.number().int().min(0)

const probability = z.number().int().min(0).max(100).nullable()
const rottingDays = z.number().int().min(1).max(3650).nullable()

const newStage = z.strictObject({
  name: text(100),
  type: stageTypeSchema.default('open'),
  probability: probability.optional(),
  rottingDays: rottingDays.optional(),
})

export const createPipelineBody = z
  .strictObject({ name: text(100), stages: z.array(newStage).max(50).default([]) })
  .openapi('CreatePipeline')

export const updatePipelineBody = z
  .strictObject({ name: text(100).optional(), position: position.optional() })
  .openapi('UpdatePipeline')

export const createStageBody = newStage
  .extend({ position: position.optional().openapi({ description: 'Defaults to the end' }) })
  .openapi('CreateStage')

export const updateStageBody = z
  .strictObject({
    name: text(100).optional(),
    type: stageTypeSchema.optional(),
    position: position.optional(),
    probability: probability.optional(),
    rottingDays: rottingDays.optional(),
  })
  .openapi('UpdateStage')

export const reorderStagesBody = z
  .strictObject({
    stageIds: z
      .array(uuid)
      .min(1)
      .openapi({ description: 'Every stage id of the pipeline, in the new order' }),
  })
  .openapi('ReorderStages')

export type Stage = z.infer<typeof stageSchema>
export type Pipeline = z.infer<typeof pipelineSchema>
export type CreatePipelineInput = z.infer<typeof createPipelineBody>
export type UpdatePipelineInput = z.infer<typeof updatePipelineBody>
export type CreateStageInput = z.infer<typeof createStageBody>
export type UpdateStageInput = z.infer<typeof updateStageBody>
