import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Note } from '../api/types'
import { fromDateTimeInput, toDateTimeInput } from '../format/dates'
import { useSaveNote, type NoteLinks } from './use-work-edits'

/**
 * Writes a Markdown note on the record it is shown on, or edits `note`: its body, when it
 * happened (back-dated, never ahead of now; empty is now) and whether it is pinned.
 */
export function NoteForm({
  links,
  note,
  onSaved,
}: {
  links?: NoteLinks
  note?: Note
  onSaved?: () => void
}) {
  const { t } = useTranslation('work')
  const id = useId()
  const initialWhen = note ? toDateTimeInput(note.notedAt) : ''
  const [body, setBody] = useState(note?.body ?? '')
  const [when, setWhen] = useState(initialWhen)
  const [pinned, setPinned] = useState(note?.pinned ?? false)
  const save = useSaveNote({
    note,
    links,
    onSaved: () => {
      if (!note) {
        setBody('')
        setWhen('')
        setPinned(false)
      }
      onSaved?.()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!body.trim()) return
    // An edited note keeps its exact moment unless its date was changed.
    const notedAt = when && when !== initialWhen ? { notedAt: fromDateTimeInput(when) } : {}
    save.mutate({ body, pinned, ...notedAt })
  }
  return (
    <form
      className="activity-form"
      onSubmit={submit}
      aria-label={t(note ? 'note.editLabel' : 'note.formLabel')}
    >
      <label htmlFor={`${id}-body`} className="visually-hidden">
        {t('note.label')}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        placeholder={t('note.placeholder')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="activity-form-row">
        <label htmlFor={`${id}-when`}>{t('note.when')}</label>
        <input
          id={`${id}-when`}
          type="datetime-local"
          value={when}
          max={toDateTimeInput(new Date())}
          onChange={(event) => setWhen(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={pinned}
            onChange={(event) => setPinned(event.target.checked)}
          />
          {t('note.pin')}
        </label>
        <button
          type="submit"
          className="button button-primary"
          disabled={save.isPending || !body.trim()}
        >
          {t('note.save')}
        </button>
      </div>
    </form>
  )
}
