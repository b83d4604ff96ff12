// The fields an outside record (an inbound webhook's payload, a CSV row) can fill, with the words
// the UI shows for each: one list for the server, which checks mappings against it, and the
// renderer, which offers it. Any custom field is `customFields.<key>` besides.

export const personMappingTargets = [
  ['fullName', 'Full name'],
  ['primaryEmail', 'E-mail'],
  ['primaryPhone', 'Phone'],
  ['companyId', 'Company id'],
  ['ownerId', 'Owner id'],
  ['lifecycleStage', 'Lifecycle stage'],
  ['leadSource', 'Lead source'],
  ['tags', 'Tags'],
] as const

/** What a deal webhook fills besides the person's fields. */
export const dealMappingTargets = [
  ['title', 'Deal title'],
  ['value', 'Deal value'],
  ['currency', 'Deal currency'],
  ['pipelineId', 'Pipeline id'],
  ['stageId', 'Stage id'],
  ['expectedCloseDate', 'Expected close date'],
] as const

/** What a delivery or a CSV row can leave on the record besides its fields. */
export const workMappingTargets = [
  ['note', 'Note (Markdown)'],
  ['task', 'Task to do (its subject)'],
] as const

export type PersonTarget = (typeof personMappingTargets)[number][0]
export type WorkTarget = (typeof workMappingTargets)[number][0]
export type DealTarget = (typeof dealMappingTargets)[number][0]

export const personTargetNames = personMappingTargets.map(([name]) => name) as PersonTarget[]
export const dealTargetNames = dealMappingTargets.map(([name]) => name) as DealTarget[]
export const workTargetNames = workMappingTargets.map(([name]) => name) as WorkTarget[]

export const customFieldPrefix = 'customFields.'
