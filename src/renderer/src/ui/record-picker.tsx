import { useQuery, type QueryKey } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'

/** One record a picker offers: its id, its name, and what tells it apart (an e-mail, a domain). */
export interface PickerOption {
  id: string
  label: string
  detail?: string | null
}

/** What a form gives a picker of one kind: the field it fills, and how to show an error. */
export interface PickerProps {
  id: string
  value: string
  onChange(id: string): void
  invalid?: boolean
  describedBy?: string
  /** In place of the picker's own hint ("Type a name or e-mail"): a filter's "Any person". */
  placeholder?: string
}

interface RecordPickerProps extends PickerProps {
  placeholder: string
  /** Where its reads are cached: under the record's key (`['person', id]`) and the list's. */
  keys: { chosen(id: string): QueryKey; search(text: string): QueryKey }
  /** The name of the record `id`. */
  nameOf(id: string): Promise<string>
  /** The records whose name holds `text`, eight at most. */
  find(text: string): Promise<PickerOption[]>
  /** Offers the first records, by name, before anything is typed: for lists one may browse. */
  browse?: boolean
  /** Offers, after the matches, to make a record of the name typed when none is called that. */
  create?: PickerCreation
}

/** Making a record from a picker: `make` answers its id, or null when it could not be made. */
export interface PickerCreation {
  label(name: string): string
  make(name: string): Promise<string | null>
}

// The id of the line that makes a new record, among the found records' ids.
const createOption = 'create'

/**
 * Chooses a record by typing part of its name (the ARIA combobox pattern): people and companies
 * can number in the hundreds of thousands, so they are searched on the server, never listed whole.
 */
export function RecordPicker(props: RecordPickerProps) {
  const { id, value, onChange, placeholder, keys, browse = false, invalid, describedBy } = props
  const listId = useId()
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [highlighted, setHighlighted] = useState(0)
  const chosen = useQuery({
    queryKey: keys.chosen(value),
    queryFn: () => props.nameOf(value),
    enabled: value !== '',
  })
  const query = text?.trim() ?? ''
  const searching = query.length > 0 || browse
  const matches = useQuery({
    queryKey: keys.search(query),
    queryFn: () => props.find(query),
    enabled: open && searching,
    placeholderData: (previous) => previous,
  })
  const found = searching ? (matches.data ?? []) : []
  const named = (option: PickerOption) =>
    option.label.toLocaleLowerCase() === query.toLocaleLowerCase()
  // Offered once the search for what is typed has answered, and found nothing of that name.
  const creation =
    query && matches.data && !matches.isPlaceholderData && !found.some(named) ? props.create : null
  const options: PickerOption[] = creation
    ? [...found, { id: createOption, label: creation.label(query) }]
    : found
  const shown = text ?? (value ? (chosen.data ?? '') : '')
  const [making, setMaking] = useState(false)

  const choose = (optionId: string) => {
    if (optionId === createOption && creation) {
      if (making) return
      setMaking(true)
      void creation.make(query).then((madeId) => {
        setMaking(false)
        if (madeId) choose(madeId)
      })
      return
    }
    onChange(optionId)
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
        aria-busy={making || undefined}
        placeholder={placeholder}
        value={shown}
        onFocus={() => browse && setOpen(true)}
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
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === highlighted}
            className={option.id === createOption ? 'combobox-create' : undefined}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(option.id)
            }}
          >
            <span>{option.label}</span>
            {option.detail && <span className="muted"> {option.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
