// Examples of the public API's records and request bodies, shown in the OpenAPI document (and
// checked against their schemas by Spectral's oas3-valid-schema-example). One workspace's story:
// Ana of Acme, her annual-plan deal, a call about it and a note.

const ids = {
  tenant: '6f4c2a1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b',
  person: '0b6f1f7e-3c1a-4a51-9a8e-2f0c3f4d5e6a',
  company: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
  owner: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  deal: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  pipeline: '1a2b3c4d-5e6f-4a7b-9c8d-0e1f2a3b4c5d',
  stage: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  activity: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  note: '8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a',
  event: '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c',
}

const stamps = { createdAt: '2026-11-20T13:02:00.000Z', updatedAt: '2026-11-22T14:03:00.000Z' }

export const createPersonExample = {
  fullName: 'Ana Souza',
  primaryEmail: 'ana@acme.com.br',
  primaryPhone: '+55 11 91234-5678',
  companyId: ids.company,
  lifecycleStage: 'lead',
  leadSource: 'Website form',
  tags: ['vip'],
}

export const updatePersonExample = { lifecycleStage: 'customer', primaryPhone: null }

export const personExample = {
  id: ids.person,
  tenantId: ids.tenant,
  ...createPersonExample,
  primaryPhone: '+5511912345678',
  ownerId: ids.owner,
  customFields: { plan: 'pro' },
  ...stamps,
}

export const createDealExample = {
  title: 'Annual plan for Acme',
  value: 12500,
  pipelineId: ids.pipeline,
  stageId: ids.stage,
  expectedCloseDate: '2026-12-31',
  primaryPersonId: ids.person,
  primaryCompanyId: ids.company,
}

export const updateDealExample = { value: 14000, expectedCloseDate: null }

export const dealExample = {
  id: ids.deal,
  tenantId: ids.tenant,
  ...createDealExample,
  currency: 'BRL',
  ownerId: ids.owner,
  lostReasonId: null,
  closedAt: null,
  tags: [],
  customFields: {},
  ...stamps,
}

export const createActivityExample = {
  type: 'call',
  subject: 'Call about the renewal',
  dueDate: '2026-12-01',
  dueTime: '14:30',
  timeZone: 'America/Sao_Paulo',
  durationMinutes: 30,
  dealId: ids.deal,
  personIds: [ids.person],
}

export const updateActivityExample = { done: true, outcome: 'Left a voicemail' }

export const activityExample = {
  id: ids.activity,
  tenantId: ids.tenant,
  ...createActivityExample,
  body: '',
  dueAt: '2026-12-01T17:30:00.000Z',
  done: false,
  doneAt: null,
  outcome: null,
  priority: 'normal',
  assigneeId: ids.owner,
  companyId: ids.company,
  recurrence: null,
  reminderMinutes: 15,
  remindAt: '2026-12-01T17:15:00.000Z',
  ...stamps,
}

export const createNoteExample = {
  body: 'Prefers calls after lunch.',
  personId: ids.person,
  pinned: true,
}

export const updateNoteExample = { pinned: false }

export const noteExample = {
  id: ids.note,
  tenantId: ids.tenant,
  ...createNoteExample,
  authorId: ids.owner,
  dealId: null,
  companyId: ids.company,
  notedAt: stamps.createdAt,
  ...stamps,
}

export const eventExample = {
  id: ids.event,
  type: 'deal.stage_changed',
  version: 1,
  createdAt: stamps.updatedAt,
  tenantId: ids.tenant,
  data: {
    object: dealExample,
    previous: { stageId: '0f1e2d3c-4b5a-4968-8776-655443322110' },
    changes: ['stageId'],
  },
}
