import { useTranslation } from 'react-i18next'
import { companies } from '../api/endpoints'
import { keys } from '../api/keys'
import { usePickerCreation } from '../forms/use-picker-creation'
import { RecordPicker, type PickerProps } from '../ui/record-picker'

// Under the company's key and the companies lists', so a rename or a new company refreshes them.
const pickerKeys = {
  chosen: (id: string) => [...keys.company(id), 'name'],
  search: (text: string) => [...keys.companies, 'picker', text],
}

async function find(q: string) {
  const query = { ...(q ? { q } : {}), sort: 'name' as const, page: 1, pageSize: 8 }
  const { data } = await companies.search(query)
  return data.map((company) => ({ id: company.id, label: company.name, detail: company.domain }))
}

/**
 * Chooses a company by typing part of its name or domain; before anything is typed it offers the
 * first ones by name, to browse a short list. A workspace may hold more companies than a select
 * could list (one of them all stopped at the newest 1,000, and an older company could not be
 * chosen). With `creates` (in a form), it also offers to add a company of the name typed.
 */
export function CompanyPicker({ creates, ...props }: PickerProps & { creates?: boolean }) {
  const { t } = useTranslation('companies')
  // In a form, a company not yet in the workspace is added from here, named as typed.
  const create = usePickerCreation({
    label: (name) => t('picker.create', { name }),
    add: (name) => companies.create({ name }),
    added: (name) => t('picker.created', { name }),
    lists: keys.companies,
  })
  return (
    <RecordPicker
      {...props}
      create={creates ? create : undefined}
      browse
      placeholder={props.placeholder ?? t('picker.placeholder')}
      keys={pickerKeys}
      nameOf={async (id) => (await companies.get(id)).name}
      find={find}
    />
  )
}
