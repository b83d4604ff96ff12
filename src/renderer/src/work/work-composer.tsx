import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActivityForm } from './activity-form'
import { NoteForm } from './note-form'
import type { RecordRef } from './use-work'

type Composer = 'log' | 'schedule' | 'note'
const composers: Composer[] = ['log', 'schedule', 'note']

/** The top of a record's work card: tabs to log an activity, schedule one or write a note. */
export function WorkComposer({ record }: { record: RecordRef }) {
  const { t } = useTranslation('work')
  const [composer, setComposer] = useState<Composer>('log')
  const links =
    record.kind === 'person'
      ? { personIds: [record.id] }
      : record.kind === 'deal'
        ? { dealId: record.id }
        : { companyId: record.id }
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
          <ActivityForm key={composer} mode={composer} links={links} />
        )}
      </div>
    </>
  )
}
