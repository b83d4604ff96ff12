import { useTranslation } from 'react-i18next'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
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
    detail: person.primaryEmail,
  }))
}

/** Chooses a person by typing part of a name or e-mail: a workspace can hold a million people. */
export function PersonPicker(props: PickerProps) {
  const { t } = useTranslation('people')
  return (
    <RecordPicker
      {...props}
      placeholder={props.placeholder ?? t('picker.placeholder')}
      keys={pickerKeys}
      nameOf={async (id) => (await people.get(id)).fullName}
      find={find}
    />
  )
}
