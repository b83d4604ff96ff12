import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { savedViews } from '../api/endpoints'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'
import { ConfirmDialog } from '../ui/dialog'
import { useCan } from '../session/workspace'

/** Whether a saved view's query is the list's view now: the same parameters, the page aside. */
function sameView(saved: string, current: URLSearchParams): boolean {
  const normal = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params)
    copy.delete('page')
    copy.sort()
    return copy.toString()
  }
  return normal(new URLSearchParams(saved)) === normal(current)
}

/**
 * The workspace's saved views of a list: pick one to apply its filters and sort (the view shown
 * is named while it lasts, and can be deleted), or save what is on screen under a name everyone
 * sees.
 */
export function SavedViews({
  resource,
  current,
  onPick,
}: {
  resource: 'deals' | 'people'
  current: URLSearchParams
  onPick(query: string): void
}) {
  const { t } = useTranslation(['layout', 'common'])
  const queryClient = useQueryClient()
  const toast = useToast()
  const views = useQuery({
    queryKey: keys.savedViews(resource),
    queryFn: () => savedViews.list(resource),
  })
  const canWrite = useCan('records.write')
  const [naming, setNaming] = useState<string | null>(null)
  const [removing, setRemoving] = useState(false)
  const active = views.data?.find((view) => sameView(view.query, current))
  const remove = useMutation({
    mutationFn: (view: { id: string; name: string }) => savedViews.remove(view.id),
    onSuccess: (_, view) => {
      void queryClient.invalidateQueries({ queryKey: keys.savedViews(resource) })
      setRemoving(false)
      toast(t('savedViews.deleted', { name: view.name }), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const save = useMutation({
    mutationFn: (name: string) => {
      const query = new URLSearchParams(current)
      query.delete('page')
      return savedViews.create({ resource, name, query: query.toString() })
    },
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: keys.savedViews(resource) })
      setNaming(null)
      toast(t('savedViews.saved', { name: view.name }), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  return (
    <div className="saved-views">
      <label htmlFor={`views-${resource}`} className="visually-hidden">
        {t('savedViews.label')}
      </label>
      <select
        id={`views-${resource}`}
        value={active?.query ?? ''}
        onChange={(event) => event.target.value !== '' && onPick(event.target.value)}
      >
        <option value="">{t('savedViews.choose')}</option>
        {views.data?.map((view) => (
          <option key={view.id} value={view.query}>
            {view.name}
          </option>
        ))}
      </select>
      {canWrite && active && naming === null && (
        <button type="button" className="button" onClick={() => setRemoving(true)}>
          {t('savedViews.delete')}
        </button>
      )}
      {!canWrite ? null : naming === null ? (
        <button type="button" className="button" onClick={() => setNaming('')}>
          {t('savedViews.save')}
        </button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (naming.trim()) save.mutate(naming.trim())
          }}
          onKeyDown={(event) => event.key === 'Escape' && setNaming(null)}
        >
          <label htmlFor={`view-name-${resource}`} className="visually-hidden">
            {t('savedViews.name')}
          </label>
          <input
            id={`view-name-${resource}`}
            autoFocus
            placeholder={t('savedViews.name')}
            value={naming}
            onChange={(event) => setNaming(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={!naming.trim()}>
            {t('common:save')}
          </button>
          <button type="button" className="button" onClick={() => setNaming(null)}>
            {t('common:cancel')}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={removing && active !== undefined}
        title={t('savedViews.deleteTitle', { name: active?.name })}
        message={t('savedViews.deleteMessage')}
        confirmLabel={t('savedViews.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => active && remove.mutate(active)}
        onClose={() => setRemoving(false)}
      />
    </div>
  )
}
