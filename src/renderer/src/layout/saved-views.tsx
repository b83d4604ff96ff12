import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { savedViews } from '../api/endpoints'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'

/**
 * The workspace's saved views of a list: pick one to apply its filters and sort, or save what is
 * on screen under a name everyone sees.
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
  const [naming, setNaming] = useState<string | null>(null)
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
        value=""
        onChange={(event) => event.target.value !== '' && onPick(event.target.value)}
      >
        <option value="">{t('savedViews.choose')}</option>
        {views.data?.map((view) => (
          <option key={view.id} value={view.query}>
            {view.name}
          </option>
        ))}
      </select>
      {naming === null ? (
        <button type="button" className="button" onClick={() => setNaming('')}>
          {t('savedViews.save')}
        </button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (naming.trim()) save.mutate(naming.trim())
          }}
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
        </form>
      )}
    </div>
  )
}
