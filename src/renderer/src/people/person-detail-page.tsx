import { useQuery } from '@tanstack/react-query'
import { useCan } from '../session/workspace'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatPhone } from '../../../shared/fields/phone'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { DeleteRecordDialog, useRecordDelete } from '../layout/record-page-parts'
import { RecordWorkCard } from '../work/record-work-card'
import { RecordActions } from '../ui/record-actions'
import { ErrorState, Skeleton } from '../ui/states'
import { CustomFieldsCard } from '../layout/custom-fields-card'
import { PersonDealsCard, usePersonDeals } from './person-deals-card'
import { PersonFacts } from './person-facts'
import { PersonFormDialog } from './person-form-dialog'
import '../layout/detail.css'

/** /people/:id: a person, their custom fields, deals and timeline. */
export function PersonDetailPage() {
  const { t } = useTranslation('people')
  const canWrite = useCan('records.write')
  const { id = '' } = useParams()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const person = useQuery({ queryKey: keys.person(id), queryFn: () => people.get(id) })
  const personDeals = usePersonDeals(id)
  const timeline = useQuery({
    queryKey: keys.personTimeline(id),
    queryFn: () => people.timeline(id),
  })
  const remove = useRecordDelete({
    remove: () => people.remove(id),
    invalidates: [keys.people, keys.boards],
    message: () =>
      person.data
        ? t('detail.deleted', { name: person.data.fullName })
        : t('detail.deletedUnnamed'),
    leaveTo: () => '/people',
  })

  if (person.isError) return <ErrorState error={person.error} retry={() => void person.refetch()} />
  if (!person.data) return <Skeleton lines={8} label={t('detail.loading')} />
  const current = person.data
  const dealCount = personDeals.data?.total ?? 0

  return (
    <article className="detail">
      <nav aria-label={t('detail.breadcrumb')} className="breadcrumb">
        <Link to="/people">{t('detail.people')}</Link>
      </nav>
      <header className="detail-header">
        <div>
          <h1>{current.fullName}</h1>
          <p className="detail-subtitle">
            {current.lifecycleStage && (
              <span className={`lifecycle lifecycle-${current.lifecycleStage}`}>
                {t(`lifecycle.${current.lifecycleStage}`)}
              </span>
            )}
            {current.primaryEmail && (
              <a href={`mailto:${current.primaryEmail}`}>{current.primaryEmail}</a>
            )}
            {current.primaryPhone && (
              <a href={`tel:${current.primaryPhone}`}>{formatPhone(current.primaryPhone)}</a>
            )}
          </p>
        </div>
        {canWrite && (
          <RecordActions onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
        )}
      </header>
      <div className="detail-columns">
        <div className="detail-stack">
          <PersonFacts person={current} />
          <CustomFieldsCard
            record={current}
            patch={people.patchCustomFields}
            queryKey={keys.person(current.id)}
          />
          <PersonDealsCard personId={id} companyId={current.companyId} />
        </div>
        <RecordWorkCard
          record={{ kind: 'person', id }}
          newWork={{ assigneeId: current.ownerId ?? undefined }}
          events={timeline}
        />
      </div>
      <PersonFormDialog open={editing} onClose={() => setEditing(false)} person={current} />
      <DeleteRecordDialog
        what={t('detail.what')}
        open={deleting}
        message={
          <>
            <Trans
              t={t}
              i18nKey="detail.deleteMessage"
              values={{ name: current.fullName }}
              components={{ strong: <strong /> }}
            />
            {dealCount > 0 && ` ${t('detail.dealsStay', { count: dealCount })}`}
          </>
        }
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </article>
  )
}
