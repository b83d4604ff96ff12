import { useTranslation } from 'react-i18next'
import type { DealsQuery } from '../api/endpoints'
import { usePipelines, useUsers } from '../api/reference-data'
import { CompanyPicker } from '../companies/company-picker'
import { CustomFieldFilter } from '../layout/custom-field-filter'
import { PersonPicker } from '../people/person-picker'

/** The query parameters that narrow the list (the sort and page apart). */
export const filterParams = [
  ...['q', 'pipelineId', 'stageId', 'ownerId', 'personId', 'companyId', 'status', 'tag'],
  ...['valueMin', 'valueMax', 'closeFrom', 'closeTo', 'noNextActivity', 'customField'],
] as const

/** The filters bar of the deals list; each change goes into the address at once. */
export function DealsFilters({
  query,
  onChange,
}: {
  query: DealsQuery
  onChange(changes: Record<string, string | undefined>): void
}) {
  const { t } = useTranslation(['dealsList', 'common'])
  const pipelines = usePipelines()
  const users = useUsers()
  const pipeline = pipelines.data?.find((item) => item.id === query.pipelineId)
  const text = (name: keyof DealsQuery, label: string, type = 'text', placeholder?: string) => (
    <label className="filter">
      <span>{label}</span>
      <input
        type={type}
        placeholder={placeholder}
        value={String(query[name] ?? '')}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </label>
  )
  const anyFilter = filterParams.some((name) => query[name] !== undefined)
  return (
    <div className="filters deals-filters">
      {text('q', t('common:search'), 'search', t('filters.titlePlaceholder'))}
      <label className="filter">
        <span>{t('common:pipeline')}</span>
        <select
          value={query.pipelineId ?? ''}
          onChange={(event) => onChange({ pipelineId: event.target.value, stageId: undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {pipelines.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      {pipeline && (
        <label className="filter">
          <span>{t('common:stage')}</span>
          <select
            value={query.stageId ?? ''}
            onChange={(event) => onChange({ stageId: event.target.value })}
          >
            <option value="">{t('filters.any')}</option>
            {pipeline.stages.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="filter">
        <span>{t('common:status')}</span>
        <select
          value={query.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value })}
        >
          <option value="">{t('filters.any')}</option>
          <option value="open">{t('filters.open')}</option>
          <option value="won">{t('filters.won')}</option>
          <option value="lost">{t('filters.lost')}</option>
        </select>
      </label>
      <label className="filter">
        <span>{t('common:owner')}</span>
        <select
          value={query.ownerId ?? ''}
          onChange={(event) => onChange({ ownerId: event.target.value })}
        >
          <option value="">{t('filters.anyone')}</option>
          {users.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>{t('filters.person')}</span>
        <PersonPicker
          id="deals-person"
          placeholder={t('filters.anyPerson')}
          value={query.personId ?? ''}
          onChange={(personId) => onChange({ personId })}
        />
      </label>
      <label className="filter">
        <span>{t('common:company')}</span>
        <CompanyPicker
          id="deals-company"
          placeholder={t('filters.anyCompany')}
          value={query.companyId ?? ''}
          onChange={(companyId) => onChange({ companyId })}
        />
      </label>
      {text('tag', t('filters.tag'))}
      {text('valueMin', t('filters.valueFrom'), 'number')}
      {text('valueMax', t('filters.valueTo'), 'number')}
      {text('closeFrom', t('filters.closingFrom'), 'date')}
      {text('closeTo', t('filters.closingTo'), 'date')}
      <CustomFieldFilter
        value={query.customField}
        onChange={(customField) => onChange({ customField })}
      />
      <label className="filter filter-check">
        <input
          type="checkbox"
          checked={query.noNextActivity === 'true'}
          onChange={(event) =>
            onChange({ noNextActivity: event.target.checked ? 'true' : undefined })
          }
        />
        <span>{t('filters.noNextActivity')}</span>
      </label>
      {anyFilter && (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            onChange(Object.fromEntries(filterParams.map((name) => [name, undefined])))
          }
        >
          {t('filters.clear')}
        </button>
      )}
    </div>
  )
}
