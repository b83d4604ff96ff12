import type { Caller } from './server'

export interface StageInfo {
  id: string
  name: string
  type: 'open' | 'won' | 'lost'
}

export interface PipelineInfo {
  id: string
  name: string
  stages: StageInfo[]
  open: StageInfo
  won: StageInfo
  lost: StageInfo
}

function withShortcuts(pipeline: { id: string; name: string; stages: StageInfo[] }): PipelineInfo {
  const first = (type: StageInfo['type']) => {
    const stage = pipeline.stages.find((candidate) => candidate.type === type)
    if (!stage) throw new Error(`pipeline ${pipeline.name} has no ${type} stage`)
    return stage
  }
  return { ...pipeline, open: first('open'), won: first('won'), lost: first('lost') }
}

/** The Sales pipeline every new workspace starts with. */
export async function salesPipeline(admin: Caller): Promise<PipelineInfo> {
  const { body } = await admin.get('/api/app/v1/pipelines')
  return withShortcuts(body.data.find((pipeline: { name: string }) => pipeline.name === 'Sales'))
}

/** A new pipeline with one stage of each type. */
export async function createPipeline(admin: Caller, name: string): Promise<PipelineInfo> {
  const { status, body } = await admin.post('/api/app/v1/pipelines', {
    name,
    stages: [
      { name: 'Open', type: 'open' },
      { name: 'Won', type: 'won' },
      { name: 'Lost', type: 'lost' },
    ],
  })
  if (status !== 201) throw new Error(`pipeline not created: ${JSON.stringify(body)}`)
  return withShortcuts(body)
}

export async function firstLostReasonId(admin: Caller): Promise<string> {
  const { body } = await admin.get('/api/app/v1/lost-reasons')
  return body.data[0].id
}

/** A user of the admin's workspace (someone records can be assigned to); their id. */
export async function createUser(admin: Caller, name: string): Promise<string> {
  const { status, body } = await admin.post('/api/app/v1/users', { name })
  if (status !== 201) throw new Error(`user not created: ${JSON.stringify(body)}`)
  return body.id
}

export async function createPerson(caller: Caller, fields: Record<string, unknown> = {}) {
  const { status, body } = await caller.post('/api/v1/people', { fullName: 'Ana Souza', ...fields })
  if (status !== 201) throw new Error(`person not created: ${JSON.stringify(body)}`)
  return body
}

export async function createDeal(
  caller: Caller,
  pipeline: PipelineInfo,
  fields: Record<string, unknown> = {},
) {
  const { status, body } = await caller.post('/api/v1/deals', {
    title: 'Annual plan',
    value: 1000,
    pipelineId: pipeline.id,
    stageId: pipeline.open.id,
    ...fields,
  })
  if (status !== 201) throw new Error(`deal not created: ${JSON.stringify(body)}`)
  return body
}

/** An id that exists nowhere. */
export const unknownId = '00000000-0000-4000-8000-000000000000'
