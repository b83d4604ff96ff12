import type {
  ApiToken,
  Board,
  Company,
  CreatedApiToken,
  Currency,
  Deal,
  LostReason,
  Page,
  Person,
  Pipeline,
  SessionState,
  Stage,
  StageType,
  TimelineEvent,
  TokenScope,
  User,
} from '../../../shared/api-types'
import type { LifecycleStage } from '../../../shared/lifecycle'
import { api, queryString } from './client'

const app = '/api/app/v1'
const v1 = '/api/v1'

export interface PeopleQuery {
  q?: string
  lifecycleStage?: LifecycleStage
  ownerId?: string
  tag?: string
  page: number
  pageSize: number
}

export interface PersonInput {
  fullName?: string
  primaryEmail?: string | null
  primaryPhone?: string | null
  companyId?: string | null
  ownerId?: string | null
  lifecycleStage?: LifecycleStage | null
  leadSource?: string | null
  tags?: string[]
}

export interface DealInput {
  title?: string
  value?: number
  currency?: string
  pipelineId?: string
  stageId?: string
  ownerId?: string | null
  expectedCloseDate?: string | null
  primaryPersonId?: string | null
  primaryCompanyId?: string | null
  lostReasonId?: string | null
  tags?: string[]
}

/** Fetches a management list whole (users, companies, reasons: short lists), up to 1,000 items. */
async function all<T>(path: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; page <= 10; page++) {
    const result = await api<Page<T>>(`${path}?page=${page}&pageSize=100`)
    items.push(...result.data)
    if (!result.hasMore) break
  }
  return items
}

export const session = {
  get: () => api<SessionState>('/api/session'),
  signOut: () => api<void>('/api/session', { method: 'DELETE' }),
  exchangeDesktopSecret: (secret: string) =>
    api<{ expiresAt: string }>('/api/session/desktop', { method: 'POST', body: { secret } }),
}

export const people = {
  search: (query: PeopleQuery) => api<Page<Person>>(`${app}/people${queryString({ ...query })}`),
  get: (id: string) => api<Person>(`${v1}/people/${id}`),
  create: (input: PersonInput) => api<Person>(`${v1}/people`, { method: 'POST', body: input }),
  update: (id: string, input: PersonInput) =>
    api<Person>(`${v1}/people/${id}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(`${v1}/people/${id}`, { method: 'DELETE' }),
  timeline: (id: string) => api<{ data: TimelineEvent[] }>(`${app}/people/${id}/events`),
  patchCustomFields: (id: string, customFields: Record<string, string | null>) =>
    api<Person>(`${app}/people/${id}/custom-fields`, { method: 'PATCH', body: { customFields } }),
}

export const deals = {
  get: (id: string) => api<Deal>(`${v1}/deals/${id}`),
  ofPerson: (personId: string) =>
    api<Page<Deal>>(`${app}/deals${queryString({ personId, pageSize: 100 })}`),
  create: (input: DealInput) => api<Deal>(`${v1}/deals`, { method: 'POST', body: input }),
  update: (id: string, input: DealInput) =>
    api<Deal>(`${v1}/deals/${id}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(`${v1}/deals/${id}`, { method: 'DELETE' }),
  timeline: (id: string) => api<{ data: TimelineEvent[] }>(`${app}/deals/${id}/events`),
}

export const pipelines = {
  list: () => all<Pipeline>(`${app}/pipelines`),
  board: (id: string) => api<Board>(`${app}/pipelines/${id}/board`),
  create: (input: { name: string; stages: { name: string; type: StageType }[] }) =>
    api<Pipeline>(`${app}/pipelines`, { method: 'POST', body: input }),
  update: (id: string, input: { name?: string; position?: number }) =>
    api<Pipeline>(`${app}/pipelines/${id}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(`${app}/pipelines/${id}`, { method: 'DELETE' }),
  addStage: (id: string, input: { name: string; type: StageType }) =>
    api<Stage>(`${app}/pipelines/${id}/stages`, { method: 'POST', body: input }),
  updateStage: (id: string, stageId: string, input: { name?: string; type?: StageType }) =>
    api<Stage>(`${app}/pipelines/${id}/stages/${stageId}`, { method: 'PATCH', body: input }),
  removeStage: (id: string, stageId: string) =>
    api<void>(`${app}/pipelines/${id}/stages/${stageId}`, { method: 'DELETE' }),
  reorderStages: (id: string, stageIds: string[]) =>
    api<Pipeline>(`${app}/pipelines/${id}/stages/order`, { method: 'PUT', body: { stageIds } }),
}

export const users = {
  list: () => all<User>(`${app}/users`),
  create: (input: { name: string; email?: string | null }) =>
    api<User>(`${app}/users`, { method: 'POST', body: input }),
  update: (id: string, input: { name?: string; email?: string | null }) =>
    api<User>(`${app}/users/${id}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(`${app}/users/${id}`, { method: 'DELETE' }),
}

export const companies = {
  list: () => all<Company>(`${app}/companies`),
  get: (id: string) => api<Company>(`${app}/companies/${id}`),
}

export const lostReasons = {
  list: () => all<LostReason>(`${app}/lost-reasons`),
  create: (name: string) =>
    api<LostReason>(`${app}/lost-reasons`, { method: 'POST', body: { name } }),
  rename: (id: string, name: string) =>
    api<LostReason>(`${app}/lost-reasons/${id}`, { method: 'PATCH', body: { name } }),
  remove: (id: string) => api<void>(`${app}/lost-reasons/${id}`, { method: 'DELETE' }),
}

export const currencies = {
  list: () => api<{ data: Currency[] }>(`${app}/currencies`).then((result) => result.data),
  enable: (code: string) => api<Currency>(`${app}/currencies/${code}`, { method: 'PUT' }),
  disable: (code: string) => api<void>(`${app}/currencies/${code}`, { method: 'DELETE' }),
}

export const tokens = {
  list: () => all<ApiToken>(`${app}/tokens`),
  create: (input: { name: string; scope: TokenScope }) =>
    api<CreatedApiToken>(`${app}/tokens`, { method: 'POST', body: input }),
  revoke: (id: string) => api<void>(`${app}/tokens/${id}`, { method: 'DELETE' }),
}
