import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { NavLink, useNavigate, useParams } from 'react-router'
import { pipelines } from '../../api/endpoints'
import { keys } from '../../api/keys'
import { usePipelines } from '../../api/reference-data'
import { ErrorState, Skeleton } from '../../ui/states'
import { useSettingsMutation } from '../use-settings-mutation'
import { PipelineEditor } from './pipeline-editor'
import { InlineForm } from '../../ui/inline-form'
import { ServerOwned } from '../../sync/server-owned'

// A new pipeline can take deals at once; its stages are renamed or added to afterwards. Their
// names are written in the interface's language when the pipeline is created.
const starterStages = [
  { name: 'starterStages.new', type: 'open' },
  { name: 'starterStages.won', type: 'won' },
  { name: 'starterStages.lost', type: 'lost' },
] as const

/** /settings/pipelines/:pipelineId: the pipelines, and the stages of the chosen one. */
export function PipelinesSettings() {
  const { t } = useTranslation(['pipelines', 'common'])
  const { pipelineId } = useParams()
  const navigate = useNavigate()
  const list = usePipelines()
  const [name, setName] = useState('')
  const create = useSettingsMutation(
    (pipelineName: string) =>
      pipelines.create({
        name: pipelineName,
        stages: starterStages.map((stage) => ({ name: t(stage.name), type: stage.type })),
      }),
    {
      invalidates: [keys.pipelines],
      done: (created) => t('created', { name: created.name }),
    },
  )
  const submit = () => {
    if (!name.trim()) return
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setName('')
        void navigate(`/settings/pipelines/${created.id}`)
      },
    })
  }
  const selected = list.data?.find((item) => item.id === pipelineId) ?? list.data?.[0]

  return (
    <section aria-labelledby="pipelines-heading">
      <h2 id="pipelines-heading">{t('heading')}</h2>
      <p className="section-intro">
        <Trans t={t} i18nKey="intro" components={{ em: <em /> }} />
      </p>
      {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
      {list.isPending && <Skeleton lines={5} label={t('loading')} />}
      {list.data && (
        <ServerOwned>
          <div className="pipelines-layout">
            <div>
              <ul className="pill-list" aria-label={t('listLabel')}>
                {list.data.map((item) => (
                  <li key={item.id}>
                    <NavLink
                      to={`/settings/pipelines/${item.id}`}
                      className={() => (item.id === selected?.id ? 'active' : '')}
                      aria-current={item.id === selected?.id ? 'page' : undefined}
                    >
                      {item.name}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <InlineForm
                title={t('newTitle')}
                text={{
                  id: 'new-pipeline',
                  value: name,
                  onValue: setName,
                  placeholder: t('common:name'),
                }}
                onSubmit={submit}
                submit={{ label: t('common:create'), disabled: create.isPending || !name.trim() }}
              />
            </div>
            {selected && <PipelineEditor key={selected.id} pipeline={selected} />}
          </div>
        </ServerOwned>
      )}
    </section>
  )
}
