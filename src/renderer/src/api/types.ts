import type { components } from './generated/app-v1'
import type { components as RestComponents } from './generated/rest-v1'

// The API's JSON shapes as the UI reads them: names for the schemas of the generated OpenAPI types
// (`npm run api-types` writes them from the server's zod schemas), never written by hand.

type Schemas = components['schemas']
type RestSchemas = RestComponents['schemas']

/** The list envelope of every page the API answers. */
export type Page<T> = Omit<Schemas['UserPage'], 'data'> & { data: T[] }
export type ApiErrorBody = Schemas['Error']

export type Person = Schemas['Person']
/** A person of the UI's lists, with their company's name. */
export type PersonListItem = Schemas['PersonListItem']
export type Deal = Schemas['Deal']
/** A deal of the UI's lists, with its person's and company's names. */
export type DealListItem = Schemas['DealListItem']
export type Pipeline = Schemas['Pipeline']
export type Stage = Schemas['Stage']
export type StageType = Stage['type']
export type User = Schemas['User']
export type Company = Schemas['Company']
export type LostReason = Schemas['LostReason']
export type Currency = Schemas['Currency']
export type ApiToken = Schemas['ApiToken']
export type CreatedApiToken = Schemas['CreatedApiToken']
export type TokenScope = ApiToken['scope']
export type Board = Schemas['Board']
export type BoardColumn = Schemas['BoardColumn']
export type BoardCard = Schemas['BoardCard']
export type TimelineEvent = Schemas['TimelineEvent']
export type Timeline = Schemas['Timeline']
export type Activity = Schemas['Activity']
export type Note = RestSchemas['Note']
export type ActivityType = Schemas['ActivityType']
export type MyWork = Schemas['MyWork']
export type Forecast = Schemas['Forecast']
export type ForecastMonth = Schemas['ForecastMonth']

export type InboundWebhook = Schemas['InboundWebhook']
export type InboundWebhookWithUrl = Schemas['InboundWebhookWithUrl']
export type MappingValue = Schemas['InboundMappingValue']
export type DedupeStrategy = Schemas['InboundDedupe']['strategy']
export type InboundObjectType = InboundWebhook['objectType']
export type InboundDelivery = Schemas['InboundDelivery']
export type DryRunResult = Schemas['InboundDryRunResult']
export type ImportResult = Schemas['ImportResult']

export type WebhookSubscription = Schemas['WebhookSubscription']
export type CreatedWebhookSubscription = Schemas['CreatedWebhookSubscription']
export type SigningSecret = Schemas['WebhookSigningSecret']
export type WebhookAttempt = Schemas['WebhookAttempt']
export type WebhookDelivery = Schemas['WebhookDelivery']
export type WebhookAlert = Schemas['WebhookAlert']
/** An event type a subscription may ask for, or a wildcard (`*`, `deal.*`). */
export type EventTypePattern = WebhookSubscription['eventTypes'][number]

export type Tunnel = Schemas['Tunnel']
export type Backups = Schemas['Backups']
export type Backup = Schemas['Backup']
export type TunnelUpdate = Schemas['UpdateTunnel']
export type SyncLink = Schemas['SyncLink']
export type SyncConnection = Schemas['ConnectSync']
