import type { PeopleQuery } from './endpoints'

/**
 * Query keys, one place. Live updates invalidate by prefix: every key of a person starts with
 * ['person', id], every board with ['board'].
 */
export const keys = {
  session: ['session'] as const,
  pipelines: ['pipelines'] as const,
  board: (pipelineId: string) => ['board', pipelineId] as const,
  boards: ['board'] as const,
  /** Under ['board'], so whatever refreshes the boards refreshes the forecast too. */
  forecast: (pipelineId: string, from?: string) =>
    ['board', pipelineId, 'forecast', from ?? 'now'] as const,
  deal: (id: string) => ['deal', id] as const,
  dealTimeline: (id: string) => ['deal', id, 'timeline'] as const,
  peopleSearch: (query: PeopleQuery) => ['people', query] as const,
  people: ['people'] as const,
  person: (id: string) => ['person', id] as const,
  personDeals: (id: string) => ['person', id, 'deals'] as const,
  personTimeline: (id: string) => ['person', id, 'timeline'] as const,
  users: ['users'] as const,
  companies: ['companies'] as const,
  company: (id: string) => ['company', id] as const,
  companySearch: (query: object) => ['companies', 'search', query] as const,
  companySummary: (id: string) => ['company', id, 'summary'] as const,
  companyTimeline: (id: string) => ['company', id, 'timeline'] as const,
  lostReasons: ['lost-reasons'] as const,
  currencies: ['currencies'] as const,
  tokens: ['tokens'] as const,
  members: ['members'] as const,
  auditLog: (page: number) => ['audit-log', page] as const,
  workspace: ['workspace'] as const,
  /** Every activity and note list starts with ['work']; so does My work. */
  work: ['work'] as const,
  myWork: ['work', 'mine'] as const,
  recordWork: (kind: 'person' | 'deal' | 'company', id: string) => ['work', kind, id] as const,
  activityTypes: ['activity-types'] as const,
  /** Under ['board'], so a deal's change anywhere refreshes the list too. */
  dealsList: (query: object) => ['board', 'list', query] as const,
  savedViews: (resource: string) => ['saved-views', resource] as const,
}

/** Keys of the integration settings: inbound webhooks, subscriptions, tunnel. */
export const integrationKeys = {
  inbound: ['inbound'] as const,
  inboundList: (page: number) => ['inbound', 'list', page] as const,
  inboundWebhook: (id: string) => ['inbound', id] as const,
  deliveries: (id: string, page: number) => ['inbound', id, 'deliveries', page] as const,
  allDeliveries: (id: string) => ['inbound', id, 'deliveries'] as const,
  subscriptions: ['subscriptions'] as const,
  subscription: (id: string) => ['subscriptions', id] as const,
  attempts: (id: string, page: number) => ['subscriptions', id, 'attempts', page] as const,
  allAttempts: (id: string) => ['subscriptions', id, 'attempts'] as const,
  subscriptionSecret: (id: string) => ['subscriptions', id, 'secret'] as const,
  setAside: (id: string, page: number) => ['subscriptions', id, 'set-aside', page] as const,
  webhookAlerts: ['subscriptions', 'alerts'] as const,
  tunnel: ['tunnel'] as const,
  syncLink: ['sync-link'] as const,
  backups: ['backups'] as const,
}
