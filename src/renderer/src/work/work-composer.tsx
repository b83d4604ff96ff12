import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActivityForm } from './activity-form'
import type { ActivityLinks } from './activity-form-values'
import { NoteForm } from './note-form'
import type { RecordRef } from './use-work'

/**
 * What a new activity written on a record's page starts with besides the record: a deal's person,
 * and the record's owner as its assignee (under More details, where another can be picked).
 */
export interface NewWorkDefaults {
  personIds?: ActivityLinks['personIds']
  assigneeId?: string
}

type Composer = 'log' | 'schedule' | 'note'
const composers: Composer[] = ['log', 'schedule', 'note']

/** The top of a record's work card: tabs to log an activity, schedule one or write a note. */
export function WorkComposer({
  record,
  defaults = {},
}: {
  record: RecordRef
  defaults?: NewWorkDefaults
}) {
  const { t } = useTranslation('work')
  const [composer, setComposer] = useState<Composer>('log')
  const links =
    record.kind === 'person'
      ? { personIds: [record.id] }
      : record.kind === 'deal'
        ? { dealId: record.id, ...(defaults.personIds ? { personIds: defaults.personIds } : {}) }
        : { companyId: record.id }
  const initial = defaults.assigneeId ? { assigneeId: defaults.assigneeId } : {}
  return (
    <>
      <div role="tablist" aria-label={t('card.composers')} className="composer-tabs">
        {composers.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={composer === value}
            className={composer === value ? 'tab tab-active' : 'tab'}
            onClick={() => setComposer(value)}
          >
            {t(`card.${value}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {composer === 'note' ? (
          <NoteForm links={{ [`${record.kind}Id`]: record.id }} />
        ) : (
          <ActivityForm key={composer} mode={composer} links={links} initial={initial} />
        )}
      </div>
    </>
  )
}
