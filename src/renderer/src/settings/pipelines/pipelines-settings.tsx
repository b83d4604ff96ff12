import { useState } from 'react'
import { NavLink, useNavigate, useParams } from 'react-router'
import { pipelines } from '../../api/endpoints'
import { keys } from '../../api/keys'
import { usePipelines } from '../../api/reference-data'
import { ErrorState, Skeleton } from '../../ui/states'
import { useSettingsMutation } from '../use-settings-mutation'
import { PipelineEditor } from './pipeline-editor'
import { InlineForm } from '../../ui/inline-form'

// A new pipeline can take deals at once; its stages are renamed or added to afterwards.
const starterStages = [
  { name: 'New', type: 'open' },
  { name: 'Won', type: 'won' },
  { name: 'Lost', type: 'lost' },
] as const

/** /settings/pipelines/:pipelineId: the pipelines, and the stages of the chosen one. */
export function PipelinesSettings() {
  const { pipelineId } = useParams()
  const navigate = useNavigate()
  const list = usePipelines()
  const [name, setName] = useState('')
  const create = useSettingsMutation(
    (pipelineName: string) => pipelines.create({ name: pipelineName, stages: [...starterStages] }),
    { invalidates: [keys.pipelines], done: (created) => `Pipeline “${created.name}” created` },
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
      <h2 id="pipelines-heading">Pipelines and stages</h2>
      <p className="section-intro">
        Each pipeline is a board. Deals move through its stages in order; a deal entering a{' '}
        <em>won</em> or <em>lost</em> stage is closed, and a lost one needs a reason.
      </p>
      {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
      {list.isPending && <Skeleton lines={5} label="Loading pipelines" />}
      {list.data && (
        <div className="pipelines-layout">
          <div>
            <ul className="pill-list" aria-label="Pipelines">
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
              title="New pipeline"
              text={{ id: 'new-pipeline', value: name, onValue: setName, placeholder: 'Name' }}
              onSubmit={submit}
              submit={{ label: 'Create', disabled: create.isPending || !name.trim() }}
            />
          </div>
          {selected && <PipelineEditor key={selected.id} pipeline={selected} />}
        </div>
      )}
    </section>
  )
}
