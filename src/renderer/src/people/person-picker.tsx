import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'

interface PersonPickerProps {
  id: string
  value: string
  onChange(id: string): void
  invalid?: boolean
  describedBy?: string
}

/**
 * Chooses a person by typing part of a name or e-mail (the ARIA combobox pattern): a workspace can
 * hold a million people, so they are searched on the server, never listed whole.
 */
export function PersonPicker({ id, value, onChange, invalid, describedBy }: PersonPickerProps) {
  const { t } = useTranslation('people')
  const listId = useId()
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [highlighted, setHighlighted] = useState(0)
  const chosen = useQuery({
    queryKey: keys.person(value),
    queryFn: () => people.get(value),
    enabled: value !== '',
  })
  const query = text?.trim() ?? ''
  const matches = useQuery({
    queryKey: keys.peopleSearch({ q: query, page: 1, pageSize: 8 }),
    queryFn: () => people.search({ q: query, page: 1, pageSize: 8 }),
    enabled: open && query.length > 0,
    placeholderData: (previous) => previous,
  })
  const options = query.length > 0 ? (matches.data?.data ?? []) : []
  const shown = text ?? (value ? (chosen.data?.fullName ?? '') : '')

  const choose = (personId: string) => {
    onChange(personId)
    setText(null)
    setOpen(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setHighlighted((index) => Math.max(0, Math.min(options.length - 1, index + step)))
    } else if (event.key === 'Enter' && open && options[highlighted]) {
      event.preventDefault()
      choose(options[highlighted].id)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={
          open && options[highlighted] ? `${listId}-${highlighted}` : undefined
        }
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={t('picker.placeholder')}
        value={shown}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setHighlighted(0)
          if (event.target.value === '') onChange('')
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false)
          setText(null)
        }}
      />
      <ul
        id={listId}
        role="listbox"
        className="combobox-list"
        hidden={!open || options.length === 0}
      >
        {options.map((person, index) => (
          <li
            key={person.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === highlighted}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(person.id)
            }}
          >
            <span>{person.fullName}</span>
            {person.primaryEmail && <span className="muted"> {person.primaryEmail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
