import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { companies } from '../api/endpoints'
import { keys } from '../api/keys'
import { RecordPicker, type PickerProps } from '../ui/record-picker'
import { useToast } from '../ui/toast'

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
  const queryClient = useQueryClient()
  const toast = useToast()
  // In a form, a company not yet in the workspace is added from here, named as typed.
  const create = {
    label: (name: string) => t('picker.create', { name }),
    make: async (name: string) => {
      try {
        const company = await companies.create({ name })
        void queryClient.invalidateQueries({ queryKey: keys.companies })
        toast(t('picker.created', { name: company.name }), { tone: 'success' })
        return company.id
      } catch (error) {
        toast(errorMessage(error), { tone: 'error' })
        return null
      }
    },
  }
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
