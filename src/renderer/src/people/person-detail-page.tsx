import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { formatPhone } from '../../../shared/fields/phone'
import { errorMessage } from '../api/client'
import { companies, deals, people } from '../api/endpoints'
import { keys } from '../api/keys'
import { byId, stagesById, usePipelines, useUsers } from '../api/reference-data'
import { formatDateTime } from '../format/dates'
import { lifecycleLabels } from '../format/labels'
import { formatMoney } from '../format/money'
import { Timeline } from '../timeline/timeline'
import { ConfirmDialog } from '../ui/dialog'
import { RecordActions } from '../ui/record-actions'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { useToast } from '../ui/toast'
import { CustomFieldsCard } from './custom-fields-card'
import { PersonFormDialog } from './person-form-dialog'
import '../layout/detail.css'

/** /people/:id: a person, their custom fields, deals and timeline. */
export function PersonDetailPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const person = useQuery({ queryKey: keys.person(id), queryFn: () => people.get(id) })
  const personDeals = useQuery({
    queryKey: keys.personDeals(id),
    queryFn: () => deals.ofPerson(id),
  })
  const timeline = useQuery({
    queryKey: keys.personTimeline(id),
    queryFn: () => people.timeline(id),
  })
  const users = byId(useUsers().data)
  const pipelines = usePipelines()
  const stages = stagesById(pipelines.data)
  const companyId = person.data?.companyId ?? ''
  const company = useQuery({
    queryKey: keys.company(companyId),
    queryFn: () => companies.get(companyId),
    enabled: companyId !== '',
  })
  const remove = useMutation({
    mutationFn: () => people.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.people })
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      toast(`${person.data?.fullName ?? 'Person'} deleted`, { tone: 'success' })
      void navigate('/people')
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })

  if (person.isError) return <ErrorState error={person.error} retry={() => void person.refetch()} />
  if (!person.data) return <Skeleton lines={8} label="Loading the person" />
  const current = person.data
  const dealCount = personDeals.data?.total ?? 0

  return (
    <article className="detail">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/people">People</Link>
      </nav>
      <header className="detail-header">
        <div>
          <h1>{current.fullName}</h1>
          <p className="detail-subtitle">
            {current.lifecycleStage && (
              <span className={`lifecycle lifecycle-${current.lifecycleStage}`}>
                {lifecycleLabels[current.lifecycleStage]}
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
        <RecordActions onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
      </header>
      <div className="detail-columns">
        <div className="detail-stack">
          <section aria-labelledby="person-facts" className="detail-card">
            <h2 id="person-facts">Details</h2>
            <dl className="facts">
              <dt>Company</dt>
              <dd>{companyId ? (company.data?.name ?? 'Loading…') : '—'}</dd>
              <dt>Owner</dt>
              <dd>{current.ownerId ? (users.get(current.ownerId)?.name ?? '…') : 'No owner'}</dd>
              <dt>Lead source</dt>
              <dd>{current.leadSource ?? '—'}</dd>
              <dt>Tags</dt>
              <dd>
                {current.tags.length > 0
                  ? current.tags.map((tag) => (
                      <span key={tag} className="tag">
                        {tag}
                      </span>
                    ))
                  : '—'}
              </dd>
              <dt>Added</dt>
              <dd>{formatDateTime(current.createdAt)}</dd>
            </dl>
          </section>
          <CustomFieldsCard person={current} />
          <section aria-labelledby="person-deals" className="detail-card">
            <h2 id="person-deals">Deals</h2>
            {personDeals.isPending ? (
              <Skeleton lines={2} label="Loading deals" />
            ) : personDeals.isError ? (
              <ErrorState error={personDeals.error} retry={() => void personDeals.refetch()} />
            ) : personDeals.data.data.length === 0 ? (
              <EmptyState title="No deals yet" />
            ) : (
              <ul className="linked-list">
                {personDeals.data.data.map((deal) => {
                  const stage = stages.get(deal.stageId)
                  return (
                    <li key={deal.id}>
                      <Link to={`/deals/${deal.id}`}>{deal.title}</Link>
                      <span className="muted">{formatMoney(deal.value, deal.currency)}</span>
                      {stage && (
                        <span className={`stage-badge badge-${stage.type}`}>{stage.name}</span>
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </section>
        </div>
        <section aria-labelledby="person-timeline" className="detail-card">
          <h2 id="person-timeline">Timeline</h2>
          <Timeline query={timeline} />
        </section>
      </div>
      <PersonFormDialog open={editing} onClose={() => setEditing(false)} person={current} />
      <ConfirmDialog
        open={deleting}
        title="Delete this person?"
        message={
          <>
            <strong>{current.fullName}</strong> will be removed for good.
            {dealCount > 0 &&
              ` Their ${dealCount === 1 ? 'deal stays' : `${dealCount} deals stay`}, without a person.`}
          </>
        }
        confirmLabel="Delete person"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </article>
  )
}
