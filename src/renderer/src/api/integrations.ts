import type {
  DedupeStrategy,
  ImportResult,
  MappingValue,
  SyncConnection,
  TunnelUpdate,
} from './types'
import type { ImportKind } from '../../../shared/import-targets'
import { i18next } from '../i18n/i18n'
import { saveFile, spreadsheetCsv } from '../ui/save-file'
import { answer, ApiRequestError, appApi, requestHeaders } from './client'
import type { components } from './generated/app-v1'

const app = '/api/app/v1'

type Schemas = components['schemas']

/** What the inbound webhook form sends: all of a webhook's settings, new or changed. */
export type InboundWebhookInput = Schemas['CreateInboundWebhook']

const byId = (id: string) => ({ params: { path: { id } } })

/** One page of a webhook's log (deliveries, attempts): 25 entries, newest first. */
const logPage = (id: string, page: number) => ({
  params: { path: { id }, query: { page, pageSize: 25 } },
})

export const inbound = {
  list: (page: number) =>
    answer(appApi.GET('/inbound-webhooks', { params: { query: { page, pageSize: 50 } } })),
  get: (id: string) => answer(appApi.GET('/inbound-webhooks/{id}', byId(id))),
  create: (input: Schemas['CreateInboundWebhook']) =>
    answer(appApi.POST('/inbound-webhooks', { body: input })),
  update: (id: string, input: Schemas['UpdateInboundWebhook']) =>
    answer(appApi.PATCH('/inbound-webhooks/{id}', { ...byId(id), body: input })),
  revoke: (id: string) => answer(appApi.DELETE('/inbound-webhooks/{id}', byId(id))),
  rotate: (id: string) => answer(appApi.POST('/inbound-webhooks/{id}/rotate', byId(id))),
  dryRun: (id: string, payload: Record<string, unknown>) =>
    answer(appApi.POST('/inbound-webhooks/{id}/dry-run', { ...byId(id), body: { payload } })),
  deliveries: (id: string, page: number) =>
    answer(appApi.GET('/inbound-webhooks/{id}/deliveries', logPage(id, page))),
  replay: (id: string, deliveryId: string) =>
    answer(
      appApi.POST('/inbound-webhooks/{id}/deliveries/{deliveryId}/replay', {
        params: { path: { id, deliveryId } },
      }),
    ),
}

export const subscriptions = {
  list: () =>
    answer(appApi.GET('/webhook-subscriptions', { params: { query: { pageSize: 100 } } })),
  get: (id: string) => answer(appApi.GET('/webhook-subscriptions/{id}', byId(id))),
  create: (input: Schemas['CreateWebhookSubscription']) =>
    answer(appApi.POST('/webhook-subscriptions', { body: input })),
  update: (id: string, input: Schemas['UpdateWebhookSubscription']) =>
    answer(appApi.PATCH('/webhook-subscriptions/{id}', { ...byId(id), body: input })),
  remove: (id: string) => answer(appApi.DELETE('/webhook-subscriptions/{id}', byId(id))),
  secret: (id: string) => answer(appApi.GET('/webhook-subscriptions/{id}/secret', byId(id))),
  rotateSecret: (id: string) =>
    answer(appApi.POST('/webhook-subscriptions/{id}/rotate-secret', byId(id))),
  attempts: (id: string, page: number) =>
    answer(appApi.GET('/webhook-subscriptions/{id}/attempts', logPage(id, page))),
  redeliver: (id: string, eventId: string) =>
    answer(
      appApi.POST('/webhook-subscriptions/{id}/redeliver', { ...byId(id), body: { eventId } }),
    ),
  sendTest: (id: string) => answer(appApi.POST('/webhook-subscriptions/{id}/send-test', byId(id))),
  deliveries: (id: string, page: number) =>
    answer(appApi.GET('/webhook-subscriptions/{id}/deliveries', logPage(id, page))),
  retryDelivery: (id: string, eventId: string) =>
    answer(
      appApi.POST('/webhook-subscriptions/{id}/deliveries/{eventId}/retry', {
        params: { path: { id, eventId } },
      }),
    ),
  recover: (id: string, since: string) =>
    answer(appApi.POST('/webhook-subscriptions/{id}/recover', { ...byId(id), body: { since } })),
  alerts: () => answer(appApi.GET('/webhook-alerts')),
}

export const backups = {
  get: () => answer(appApi.GET('/backups')),
  takeNow: () => answer(appApi.POST('/backups')),
  restore: (name: string) =>
    answer(appApi.POST('/backups/{name}/restore', { params: { path: { name } } })),
}

/** This data folder's link to a team server (sync): its state, and connecting it. */
export const syncLink = {
  get: () => answer(appApi.GET('/sync')),
  connect: (input: SyncConnection) => answer(appApi.PUT('/sync', { body: input })),
  disconnect: ({
    discardWaiting,
    workspaceId,
  }: {
    discardWaiting: boolean
    workspaceId?: string
  }) =>
    answer(
      appApi.DELETE('/sync', {
        params: { query: { discardWaiting: discardWaiting ? 'true' : 'false', workspaceId } },
      }),
    ),
}

export const tunnel = {
  get: () => answer(appApi.GET('/tunnel')),
  update: (input: TunnelUpdate) => answer(appApi.PUT('/tunnel', { body: input })),
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
      reject(new ApiRequestError(0, 'network', i18next.t('common:uploadInterrupted')))
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

export type ExportKind = 'people' | 'deals' | 'activities' | 'notes'

export type ExportFormat = 'xlsx' | 'csv' | 'ndjson'

/** Downloads an export as a file (a plain link could not send the workspace header). */
export async function downloadExport(kind: ExportKind, format: ExportFormat) {
  const response = await fetch(`${app}/exports/${kind}?format=${format}`, {
    headers: requestHeaders({ Accept: '*/*' }),
    credentials: 'same-origin',
  })
  if (!response.ok) {
    // The server's own words when it answered with an error (too many rows for a workbook).
    const refused = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string; details?: Record<string, unknown> }
    } | null
    const { error } = refused ?? {}
    throw error
      ? new ApiRequestError(response.status, error.code, error.message, error.details)
      : new ApiRequestError(
          response.status,
          'http_error',
          i18next.t('common:exportFailed', { status: response.status }),
        )
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `outpost-${kind}.${format}`
  const body = await response.blob()
  saveFile(format === 'csv' ? spreadsheetCsv([body]) : body, name)
}
