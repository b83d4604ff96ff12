import type { SessionState } from '../../../shared/session'
import { answer, appApi, restApi, sessionRequest } from './client'
import type { components, paths as AppPaths } from './generated/app-v1'
import type { components as RestComponents, paths as RestPaths } from './generated/rest-v1'
import type { Page } from './types'

type Schemas = components['schemas']
type Rest = RestComponents['schemas']

export type PeopleQuery = NonNullable<AppPaths['/people']['get']['parameters']['query']> & {
  page: number
  pageSize: number
}

const byId = (id: string) => ({ params: { path: { id } } })
const ofStage = (id: string, stageId: string) => ({ params: { path: { id, stageId } } })
/** The query without its empty filters: an empty `q` is no search. */
const filled = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as T

/** Fetches a management list whole (users, companies, reasons: short lists), up to 1,000 items. */
async function all<T>(list: (query: { page: number; pageSize: number }) => Promise<Page<T>>) {
  const items: T[] = []
  for (let page = 1; page <= 10; page++) {
    const result = await list({ page, pageSize: 100 })
    items.push(...result.data)
    if (!result.hasMore) break
  }
  return items
}

export const session = {
  get: () => sessionRequest<SessionState>('GET'),
  signOut: () => sessionRequest<void>('DELETE'),
  exchangeDesktopSecret: (secret: string) =>
    sessionRequest<{ expiresAt: string }>('POST', { secret }),
  signInWithPassword: (email: string, password: string) =>
    sessionRequest<{ expiresAt: string }>('POST', { email, password }, '/api/session/password'),
  setPassword: (password: string, currentPassword?: string) =>
    sessionRequest<void>('PUT', { password, currentPassword }, '/api/session/password'),
}

export const members = {
  list: () => all((query) => answer(appApi.GET('/members', { params: { query } }))),
  invite: (input: Schemas['InviteMember']) => answer(appApi.POST('/members', { body: input })),
  update: (id: string, input: Schemas['UpdateMember']) =>
    answer(appApi.PATCH('/members/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(appApi.DELETE('/members/{id}', byId(id))),
  signInLink: (id: string) => answer(appApi.POST('/members/{id}/sign-in-link', byId(id))),
}

export const auditLog = {
  page: (page: number) =>
    answer(appApi.GET('/audit-log', { params: { query: { page, pageSize: 50 } } })),
}

export const people = {
  search: (query: PeopleQuery) =>
    answer(appApi.GET('/people', { params: { query: filled(query) } })),
  bulk: (input: Schemas['PeopleBulk']) => answer(appApi.POST('/people/bulk', { body: input })),
  get: (id: string) => answer(restApi.GET('/people/{id}', byId(id))),
  create: (input: Rest['CreatePerson']) => answer(restApi.POST('/people', { body: input })),
  update: (id: string, input: Rest['UpdatePerson']) =>
    answer(restApi.PATCH('/people/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(restApi.DELETE('/people/{id}', byId(id))),
  timeline: (id: string) => answer(appApi.GET('/people/{id}/events', byId(id))),
  patchCustomFields: (id: string, customFields: Record<string, string | null>) =>
    answer(appApi.PATCH('/people/{id}/custom-fields', { ...byId(id), body: { customFields } })),
}

export type DealsQuery = NonNullable<AppPaths['/deals']['get']['parameters']['query']>

export const deals = {
  get: (id: string) => answer(restApi.GET('/deals/{id}', byId(id))),
  list: (query: DealsQuery) => answer(appApi.GET('/deals', { params: { query: filled(query) } })),
  bulk: (input: Schemas['DealsBulk']) => answer(appApi.POST('/deals/bulk', { body: input })),
  search: (q: string, pageSize: number) =>
    answer(appApi.GET('/deals', { params: { query: { q, pageSize } } })),
  ofPerson: (personId: string) =>
    answer(appApi.GET('/deals', { params: { query: { personId, pageSize: 100 } } })),
  create: (input: Rest['CreateDeal']) => answer(restApi.POST('/deals', { body: input })),
  update: (id: string, input: Rest['UpdateDeal']) =>
    answer(restApi.PATCH('/deals/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(restApi.DELETE('/deals/{id}', byId(id))),
  timeline: (id: string) => answer(appApi.GET('/deals/{id}/events', byId(id))),
  probability: (id: string) => answer(appApi.GET('/deals/{id}/probability', byId(id))),
  setProbability: (id: string, probability: number | null) =>
    answer(appApi.PUT('/deals/{id}/probability', { ...byId(id), body: { probability } })),
  patchCustomFields: (id: string, customFields: Record<string, string | null>) =>
    answer(appApi.PATCH('/deals/{id}/custom-fields', { ...byId(id), body: { customFields } })),
}

export const pipelines = {
  list: () => all((query) => answer(appApi.GET('/pipelines', { params: { query } }))),
  board: (id: string) => answer(appApi.GET('/pipelines/{id}/board', byId(id))),
  forecast: (id: string, from?: string) =>
    answer(appApi.GET('/pipelines/{id}/forecast', { params: { path: { id }, query: { from } } })),
  create: (input: Schemas['CreatePipeline']) => answer(appApi.POST('/pipelines', { body: input })),
  update: (id: string, input: Schemas['UpdatePipeline']) =>
    answer(appApi.PATCH('/pipelines/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(appApi.DELETE('/pipelines/{id}', byId(id))),
  addStage: (id: string, input: Schemas['CreateStage']) =>
    answer(appApi.POST('/pipelines/{id}/stages', { ...byId(id), body: input })),
  updateStage: (id: string, stageId: string, input: Schemas['UpdateStage']) =>
    answer(
      appApi.PATCH('/pipelines/{id}/stages/{stageId}', { ...ofStage(id, stageId), body: input }),
    ),
  removeStage: (id: string, stageId: string) =>
    answer(appApi.DELETE('/pipelines/{id}/stages/{stageId}', ofStage(id, stageId))),
  reorderStages: (id: string, stageIds: string[]) =>
    answer(appApi.PUT('/pipelines/{id}/stages/order', { ...byId(id), body: { stageIds } })),
}

export const users = {
  list: () => all((query) => answer(appApi.GET('/users', { params: { query } }))),
  create: (input: Schemas['CreateUser']) => answer(appApi.POST('/users', { body: input })),
  update: (id: string, input: Schemas['UpdateUser']) =>
    answer(appApi.PATCH('/users/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(appApi.DELETE('/users/{id}', byId(id))),
}

export type CompanyQuery = NonNullable<AppPaths['/companies']['get']['parameters']['query']>

export const companies = {
  search: (query: CompanyQuery) =>
    answer(appApi.GET('/companies', { params: { query: filled(query) } })),
  summary: (id: string) => answer(appApi.GET('/companies/{id}/summary', byId(id))),
  timeline: (id: string) => answer(appApi.GET('/companies/{id}/events', byId(id))),
  create: (input: Schemas['CreateCompany']) => answer(appApi.POST('/companies', { body: input })),
  update: (id: string, input: Schemas['UpdateCompany']) =>
    answer(appApi.PATCH('/companies/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(appApi.DELETE('/companies/{id}', byId(id))),
  people: (id: string) =>
    answer(appApi.GET('/people', { params: { query: { companyId: id, pageSize: 100 } } })),
  deals: (id: string) =>
    answer(appApi.GET('/deals', { params: { query: { companyId: id, pageSize: 100 } } })),
  get: (id: string) => answer(appApi.GET('/companies/{id}', byId(id))),
}

export const lostReasons = {
  list: () => all((query) => answer(appApi.GET('/lost-reasons', { params: { query } }))),
  create: (name: string) => answer(appApi.POST('/lost-reasons', { body: { name } })),
  rename: (id: string, name: string) =>
    answer(appApi.PATCH('/lost-reasons/{id}', { ...byId(id), body: { name } })),
  remove: (id: string) => answer(appApi.DELETE('/lost-reasons/{id}', byId(id))),
}

export const currencies = {
  list: () => all((query) => answer(appApi.GET('/currencies', { params: { query } }))),
  enable: (code: string) =>
    answer(appApi.PUT('/currencies/{code}', { params: { path: { code } } })),
  disable: (code: string) =>
    answer(appApi.DELETE('/currencies/{code}', { params: { path: { code } } })),
}

export type ActivityQuery = NonNullable<RestPaths['/activities']['get']['parameters']['query']>
export type NoteQuery = NonNullable<RestPaths['/notes']['get']['parameters']['query']>

export const activities = {
  list: (query: ActivityQuery) => answer(restApi.GET('/activities', { params: { query } })),
  create: (input: Rest['CreateActivity']) => answer(restApi.POST('/activities', { body: input })),
  update: (id: string, input: Rest['UpdateActivity']) =>
    answer(restApi.PATCH('/activities/{id}', { ...byId(id), body: input })),
  snooze: (id: string, minutes: number) =>
    answer(restApi.POST('/activities/{id}/snooze', { ...byId(id), body: { minutes } })),
  remove: (id: string) => answer(restApi.DELETE('/activities/{id}', byId(id))),
  types: () => answer(appApi.GET('/activity-types')).then((result) => result.data),
  addType: (input: Schemas['CreateActivityType']) =>
    answer(appApi.POST('/activity-types', { body: input })),
  removeType: (key: string) =>
    answer(appApi.DELETE('/activity-types/{key}', { params: { path: { key } } })),
  myWork: () => answer(appApi.GET('/my-work', { params: { query: {} } })),
}

export const savedViews = {
  list: (resource: 'deals' | 'people') =>
    answer(appApi.GET('/saved-views', { params: { query: { resource } } })).then(
      (result) => result.data,
    ),
  create: (input: Schemas['CreateSavedView']) =>
    answer(appApi.POST('/saved-views', { body: input })),
  remove: (id: string) => answer(appApi.DELETE('/saved-views/{id}', byId(id))),
}

export const notes = {
  list: (query: NoteQuery) => answer(restApi.GET('/notes', { params: { query } })),
  create: (input: Rest['CreateNote']) => answer(restApi.POST('/notes', { body: input })),
  update: (id: string, input: Rest['UpdateNote']) =>
    answer(restApi.PATCH('/notes/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(restApi.DELETE('/notes/{id}', byId(id))),
}

export const workspace = {
  get: () => answer(appApi.GET('/workspace')),
  update: (input: Schemas['UpdateWorkspace']) =>
    answer(appApi.PATCH('/workspace', { body: input })),
}

export const tokens = {
  list: () => all((query) => answer(appApi.GET('/tokens', { params: { query } }))),
  create: (input: Schemas['CreateApiToken']) => answer(appApi.POST('/tokens', { body: input })),
  revoke: (id: string) => answer(appApi.DELETE('/tokens/{id}', byId(id))),
  setRateLimit: (id: string, rateLimitPerMinute: number | null) =>
    answer(appApi.PATCH('/tokens/{id}', { ...byId(id), body: { rateLimitPerMinute } })),
}
