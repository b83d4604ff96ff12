import { CompanyFormDialog } from '../companies/company-form-dialog'
import { DealFormDialog } from '../deals/deal-form-dialog'
import { PersonFormDialog } from '../people/person-form-dialog'
import type { DealLinks } from './palette-commands'

/** What the palette asked to add: a deal (for someone, or no one), a person or a company. */
export type RecordToAdd = { kind: 'deal'; links: DealLinks } | { kind: 'person' | 'company' }

/**
 * The form of the record the palette adds. Loaded only when first asked for (the palette is on
 * every screen, the record forms' pickers and fields are not: the first screen stays small).
 */
export function RecordForm({ adding, onClose }: { adding: RecordToAdd; onClose(): void }) {
  if (adding.kind === 'deal') {
    const { personId, companyId } = adding.links
    return (
      <DealFormDialog
        open
        onClose={onClose}
        defaults={{ primaryPersonId: personId ?? '', primaryCompanyId: companyId ?? '' }}
      />
    )
  }
  if (adding.kind === 'person') return <PersonFormDialog open onClose={onClose} />
  return <CompanyFormDialog open onClose={onClose} />
}
