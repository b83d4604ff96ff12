// A webhook's or an import's settings: as configured, and checked and compiled once for any
// number of records.

import type { z } from '@hono/zod-openapi'
import { isPhoneCountry, type CountryCode } from '../../shared/fields/phone'
import type { InboundObjectType } from '../db/database'
import { compileActions, type ActionsConfig, type IntakeActions } from './actions'
import { compileDedupe, type DedupeSettings } from './dedupe'
import { badSetting } from './errors'
import { compileMapping, type CompiledMapping } from './record-mapping'
import type { dedupeSchema, mappingSchema } from './schema'

/** A webhook's or an import's settings, as configured (the management API's shape). */
export interface IntakeConfig {
  objectType: InboundObjectType
  mapping: z.infer<typeof mappingSchema>
  dedupe: z.infer<typeof dedupeSchema>
  defaultCountry: string
  actions: ActionsConfig
}

/** Settings checked and compiled, ready for any number of payloads. */
export interface IntakeSettings extends IntakeActions {
  objectType: InboundObjectType
  mapping: CompiledMapping
  dedupe: DedupeSettings
  country: CountryCode
}

const dealMappingRequires = ['title', 'pipelineId', 'stageId']

/**
 * Checks a configuration and compiles it. Problems with its shape are a 400 `invalid_request`
 * naming the field (`mapping.fullName`, `dedupe.fields[1]`, `actions.createDeal`).
 */
export function compileSettings(config: IntakeConfig): IntakeSettings {
  const country = config.defaultCountry.toUpperCase()
  if (!isPhoneCountry(country)) throw badSetting('defaultCountry', 'is not a country code we know')
  const mapping = compileMapping(config.objectType, config.mapping, country)
  if (config.objectType === 'deal') {
    for (const field of dealMappingRequires.filter((field) => !(field in config.mapping))) {
      throw badSetting(`mapping.${field}`, 'is required: a deal webhook must map it')
    }
  }
  // Deduplicated by nothing, every delivery creates a person: one with no name never could.
  if (
    config.objectType === 'person' &&
    config.dedupe.strategy === 'none' &&
    !('fullName' in config.mapping)
  ) {
    throw badSetting(
      'mapping.fullName',
      'is required: with the none strategy every delivery creates a person, who needs a name',
    )
  }
  return {
    objectType: config.objectType,
    mapping,
    dedupe: compileDedupe(config.dedupe, config.mapping),
    country,
    ...compileActions(config.objectType, config.actions),
  }
}
