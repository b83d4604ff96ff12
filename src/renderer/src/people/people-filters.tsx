import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { lifecycleStages, type LifecycleStage } from '../../../shared/lifecycle'
import type { PeopleQuery } from '../api/endpoints'
import { useUsers } from '../api/reference-data'
import { CompanyPicker } from '../companies/company-picker'
import { CustomFieldFilter } from '../layout/custom-field-filter'
import { useHotkeys } from '../ui/hotkeys'

const typingPauseMs = 250

/** Search box and filters above the people table. */
export function PeopleFilters({
  query,
  update,
  filtered,
}: {
  query: PeopleQuery
  update(changes: Partial<PeopleQuery>): void
  filtered: boolean
}) {
  const { t } = useTranslation(['people', 'common'])
  const users = useUsers()
  const searchRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(query.q ?? '')
  const [tag, setTag] = useState(query.tag ?? '')
  const latest = useRef(update)
  useEffect(() => {
    latest.current = update
  })

  // Searching as one types, once the typing pauses.
  useEffect(() => {
    if (text === (query.q ?? '')) return
    const timer = setTimeout(() => latest.current({ q: text || undefined }), typingPauseMs)
    return () => clearTimeout(timer)
  }, [text, query.q])
  useHotkeys({ '/': () => searchRef.current?.focus() })
  // Arriving with "/" from another screen: the search box is where typing starts.
  const { state } = useLocation() as { state: { focusSearch?: boolean } | null }
  useEffect(() => {
    if (state?.focusSearch) searchRef.current?.focus()
  }, [state])

  return (
    <div className="filters" role="search">
      <div className="filter filter-search">
        <label htmlFor="people-search">{t('common:search')}</label>
        <input
          ref={searchRef}
          id="people-search"
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={text}
          aria-keyshortcuts="/"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="filter">
        <label htmlFor="people-lifecycle">{t('filters.lifecycleStage')}</label>
        <select
          id="people-lifecycle"
          value={query.lifecycleStage ?? ''}
          onChange={(event) =>
            update({ lifecycleStage: (event.target.value || undefined) as LifecycleStage })
          }
        >
          <option value="">{t('filters.anyStage')}</option>
          {lifecycleStages.map((stage) => (
            <option key={stage} value={stage}>
              {t(`lifecycle.${stage}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="people-owner">{t('common:owner')}</label>
        <select
          id="people-owner"
          value={query.ownerId ?? ''}
          onChange={(event) => update({ ownerId: event.target.value || undefined })}
        >
          <option value="">{t('filters.anyone')}</option>
          {users.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="people-company">{t('common:company')}</label>
        <CompanyPicker
          id="people-company"
          placeholder={t('filters.anyCompany')}
          value={query.companyId ?? ''}
          onChange={(companyId) => update({ companyId: companyId || undefined })}
        />
      </div>
      <form
        className="filter"
        onSubmit={(event) => {
          event.preventDefault()
          update({ tag: tag.trim() || undefined })
        }}
      >
        <label htmlFor="people-tag">{t('filters.tag')}</label>
        <input
          id="people-tag"
          type="text"
          placeholder={t('filters.anyTag')}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          onBlur={() => {
            if (tag.trim() !== (query.tag ?? '')) update({ tag: tag.trim() || undefined })
          }}
        />
      </form>
      <CustomFieldFilter
        value={query.customField}
        onChange={(customField) => update({ customField })}
      />
      <button
        type="button"
        className="link-button filter-clear"
        disabled={!filtered}
        onClick={() => {
          setText('')
          setTag('')
          update({
            q: undefined,
            lifecycleStage: undefined,
            ownerId: undefined,
            companyId: undefined,
            tag: undefined,
            customField: undefined,
          })
        }}
      >
        {t('filters.clear')}
      </button>
    </div>
  )
}
