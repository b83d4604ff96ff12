import type {
  CreatedWebhookSubscription,
  DedupeStrategy,
  DryRunResult,
  ImportResult,
  InboundDelivery,
  InboundWebhook,
  InboundWebhookWithUrl,
  MappingValue,
  Page,
  SigningSecret,
  Tunnel,
  TunnelUpdate,
  WebhookAttempt,
  WebhookSubscription,
} from '../../../shared/api-types'
import type { ImportKind } from '../../../shared/import-targets'
import { api, ApiRequestError, queryString, requestHeaders } from './client'

const app = '/api/app/v1'

export interface InboundWebhookInput {
  name?: string
  objectType?: 'person' | 'deal'
  mapping?: Record<string, MappingValue>
  dedupe?: { strategy: DedupeStrategy; fields?: string[] }
  defaultCountry?: string
  actions?: {
    assignOwner?: { userIds: string[] } | null
    addTags?: string[]
    createDeal?: {
      pipelineId: string
      stageId: string
      title: string
      value?: number | string
      currency?: string
    } | null
  }
  enabled?: boolean
}

export const inbound = {
  list: (page: number) =>
    api<Page<InboundWebhook>>(`${app}/inbound-webhooks${queryString({ page, pageSize: 50 })}`),
  get: (id: string) => api<InboundWebhook>(`${app}/inbound-webhooks/${id}`),
  create: (input: InboundWebhookInput) =>
    api<InboundWebhookWithUrl>(`${app}/inbound-webhooks`, { method: 'POST', body: input }),
  update: (id: string, input: InboundWebhookInput) =>
    api<InboundWebhook>(`${app}/inbound-webhooks/${id}`, { method: 'PATCH', body: input }),
  revoke: (id: string) => api<void>(`${app}/inbound-webhooks/${id}`, { method: 'DELETE' }),
  rotate: (id: string) =>
    api<InboundWebhookWithUrl>(`${app}/inbound-webhooks/${id}/rotate`, { method: 'POST' }),
  dryRun: (id: string, payload: Record<string, unknown>) =>
    api<DryRunResult>(`${app}/inbound-webhooks/${id}/dry-run`, {
      method: 'POST',
      body: { payload },
    }),
  deliveries: (id: string, page: number) =>
    api<Page<InboundDelivery>>(
      `${app}/inbound-webhooks/${id}/deliveries${queryString({ page, pageSize: 25 })}`,
    ),
  replay: (id: string, deliveryId: string) =>
    api<InboundDelivery>(`${app}/inbound-webhooks/${id}/deliveries/${deliveryId}/replay`, {
      method: 'POST',
    }),
}

export interface SubscriptionInput {
  url?: string
  eventTypes?: string[]
  enabled?: boolean
  description?: string | null
}

export const subscriptions = {
  list: () =>
    api<Page<WebhookSubscription>>(`${app}/webhook-subscriptions${queryString({ pageSize: 100 })}`),
  get: (id: string) => api<WebhookSubscription>(`${app}/webhook-subscriptions/${id}`),
  create: (input: SubscriptionInput) =>
    api<CreatedWebhookSubscription>(`${app}/webhook-subscriptions`, {
      method: 'POST',
      body: input,
    }),
  update: (id: string, input: SubscriptionInput) =>
    api<WebhookSubscription>(`${app}/webhook-subscriptions/${id}`, {
      method: 'PATCH',
      body: input,
    }),
  remove: (id: string) => api<void>(`${app}/webhook-subscriptions/${id}`, { method: 'DELETE' }),
  secret: (id: string) => api<SigningSecret>(`${app}/webhook-subscriptions/${id}/secret`),
  rotateSecret: (id: string) =>
    api<SigningSecret>(`${app}/webhook-subscriptions/${id}/rotate-secret`, { method: 'POST' }),
  attempts: (id: string, page: number) =>
    api<Page<WebhookAttempt>>(
      `${app}/webhook-subscriptions/${id}/attempts${queryString({ page, pageSize: 25 })}`,
    ),
  redeliver: (id: string, eventId: string) =>
    api<WebhookAttempt>(`${app}/webhook-subscriptions/${id}/redeliver`, {
      method: 'POST',
      body: { eventId },
    }),
  sendTest: (id: string) =>
    api<WebhookAttempt>(`${app}/webhook-subscriptions/${id}/send-test`, { method: 'POST' }),
}

export const tunnel = {
  get: () => api<Tunnel>(`${app}/tunnel`),
  update: (input: TunnelUpdate) => api<Tunnel>(`${app}/tunnel`, { method: 'PUT', body: input }),
}

/**
 * Uploads a CSV to the people or deals import endpoint. XMLHttpRequest rather than fetch: it
 * reports upload progress, which a file of 100,000 rows makes worth showing.
 */
export function importCsv(
  kind: ImportKind,
  file: File,
  settings: { mapping: Record<string, MappingValue>; dedupe?: { strategy: DedupeStrategy } },
  onProgress: (sent: number, total: number) => void,
): Promise<ImportResult> {
  const form = new FormData()
  form.append('file', file)
  form.append('mapping', JSON.stringify(settings))
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', `${app}/imports/${kind}`)
    for (const [name, value] of Object.entries(requestHeaders())) {
      request.setRequestHeader(name, value)
    }
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total)
    request.onerror = () =>
      reject(new ApiRequestError(0, 'network', 'The upload was interrupted. Is Outpost running?'))
    request.onload = () => {
      try {
        const body = JSON.parse(request.responseText) as ImportResult & {
          error?: { code: string; message: string; details?: { field?: string } }
        }
        if (request.status >= 200 && request.status < 300) resolve(body)
        else {
          const error = body.error ?? { code: 'http_error', message: `${request.status}` }
          reject(new ApiRequestError(request.status, error.code, error.message, error.details))
        }
      } catch {
        reject(new ApiRequestError(request.status, 'http_error', request.responseText))
      }
    }
    request.send(form)
  })
}

/** Downloads an export as a file (a plain link could not send the workspace header). */
export async function downloadExport(kind: 'people' | 'deals', format: 'csv' | 'ndjson') {
  const response = await fetch(`${app}/exports/${kind}?format=${format}`, {
    headers: requestHeaders({ Accept: '*/*' }),
    credentials: 'same-origin',
  })
  if (!response.ok) {
    throw new ApiRequestError(response.status, 'http_error', `Export failed (${response.status})`)
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `outpost-${kind}.${format}`
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
