import { useTranslation } from 'react-i18next'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { usePickerCreation } from '../forms/use-picker-creation'
import { RecordPicker, type PickerProps } from '../ui/record-picker'

// Under the person's key and the people lists', so a rename or a new person refreshes them.
const pickerKeys = {
  chosen: (id: string) => [...keys.person(id), 'name'],
  search: (text: string) => ['people', 'picker', text],
}

async function find(q: string) {
  const { data } = await people.search({ q, page: 1, pageSize: 8 })
  return data.map((person) => ({
    id: person.id,
    label: person.fullName,
    // Two people of one name are told apart by their e-mail and company.
    detail: [person.primaryEmail, person.companyName].filter(Boolean).join(' · ') || null,
  }))
}

/**
 * Chooses a person by typing part of a name or e-mail: a workspace can hold a million people.
 * With `creates` (in a form), it also offers to add a person of the name typed.
 */
export function PersonPicker({ creates, ...props }: PickerProps & { creates?: boolean }) {
  const { t } = useTranslation('people')
  const create = usePickerCreation({
    label: (name) => t('picker.create', { name }),
    add: (fullName) => people.create({ fullName }),
    added: (name) => t('picker.created', { name }),
    lists: keys.people,
  })
  return (
    <RecordPicker
      {...props}
      create={creates ? create : undefined}
      placeholder={props.placeholder ?? t('picker.placeholder')}
      keys={pickerKeys}
      nameOf={async (id) => (await people.get(id)).fullName}
      find={find}
    />
  )
}
