import type { Path } from 'react-hook-form'
import type { Person } from '../api/types'
import type { LifecycleStage } from '../../../shared/lifecycle'
import { personTargetNames } from '../../../shared/mapping-targets'

// The person form's values: read from a person, and back into the API's body.

export interface PersonFormValues {
  fullName: string
  primaryEmail: string
  primaryPhone: string
  companyId: string
  ownerId: string
  lifecycleStage: string
  leadSource: string
  tags: string
}

export const fields: Path<PersonFormValues>[] = personTargetNames

export const empty: PersonFormValues = {
  fullName: '',
  primaryEmail: '',
  primaryPhone: '',
  companyId: '',
  ownerId: '',
  lifecycleStage: '',
  leadSource: '',
  tags: '',
}

export function valuesOf(person: Person): PersonFormValues {
  return {
    fullName: person.fullName,
    primaryEmail: person.primaryEmail ?? '',
    primaryPhone: person.primaryPhone ?? '',
    companyId: person.companyId ?? '',
    ownerId: person.ownerId ?? '',
    lifecycleStage: person.lifecycleStage ?? '',
    leadSource: person.leadSource ?? '',
    tags: person.tags.join(', '),
  }
}

export function toInput(values: PersonFormValues, editing: boolean) {
  const optional = (value: string) => (value.trim() === '' ? (editing ? null : undefined) : value)
  return {
    fullName: values.fullName,
    primaryEmail: optional(values.primaryEmail),
    primaryPhone: optional(values.primaryPhone),
    companyId: optional(values.companyId),
    ownerId: optional(values.ownerId),
    lifecycleStage: optional(values.lifecycleStage) as LifecycleStage | null | undefined,
    leadSource: optional(values.leadSource),
    tags: values.tags.split(',').filter((tag) => tag.trim() !== ''),
  }
}
