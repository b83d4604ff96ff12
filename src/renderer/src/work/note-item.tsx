import { useTranslation } from 'react-i18next'
import { byId, useUsers } from '../api/reference-data'
import type { Note } from '../api/types'
import { formatDateTime, formatRelative } from '../format/dates'
import { MarkdownText } from './markdown-text'
import { NoteForm } from './note-form'
import { usePinNote } from './use-work-edits'
import { WorkItemActions } from './work-item-actions'

// What a note is called to screen readers: its first words.
const excerpt = (body: string) => {
  const line = body.trim().split('\n')[0] ?? ''
  return line.length > 40 ? `${line.slice(0, 40)}…` : line
}

/** A note: its Markdown, when it happened, its author; Pin or Unpin, Edit and Delete. */
export function NoteItem({ note }: { note: Note }) {
  const { t } = useTranslation('work')
  const author = byId(useUsers().data).get(note.authorId ?? '')
  const pin = usePinNote()
  const name = excerpt(note.body)
  return (
    <li className={`note-item${note.pinned ? ' note-pinned' : ''}`}>
      <MarkdownText text={note.body} />
      <div className="note-meta">
        <time dateTime={note.notedAt} title={formatDateTime(note.notedAt)}>
          {t(note.pinned ? 'note.pinnedAt' : 'note.notedAt', {
            when: formatRelative(note.notedAt),
          })}
        </time>
        {author && <span>{t('note.by', { name: author.name })}</span>}
        <WorkItemActions
          kind="note"
          id={note.id}
          name={name}
          editForm={(close) => <NoteForm note={note} onSaved={close} />}
          extra={
            <button
              type="button"
              className="link-button"
              aria-label={t(note.pinned ? 'note.unpinNamed' : 'note.pinNamed', { name })}
              disabled={pin.isPending}
              onClick={() => pin.mutate(note)}
            >
              {t(note.pinned ? 'note.unpin' : 'note.pinAction')}
            </button>
          }
        />
      </div>
    </li>
  )
}
