import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Pipeline, StageType } from '../../api/types'
import { pipelines } from '../../api/endpoints'
import { keys } from '../../api/keys'
import { ConfirmDialog } from '../../ui/dialog'
import { useSettingsMutation } from '../use-settings-mutation'
import { StageList } from './stage-list'
import { InlineForm } from '../../ui/inline-form'
import { StageTypeSelect } from './stage-type-select'

const affected = [keys.pipelines, keys.boards]

/** Rename a pipeline, edit its stages, add one, or delete the pipeline. */
export function PipelineEditor({ pipeline }: { pipeline: Pipeline }) {
  const navigate = useNavigate()
  const [name, setName] = useState(pipeline.name)
  const [stageName, setStageName] = useState('')
  const [stageType, setStageType] = useState<StageType>('open')
  const [deleting, setDeleting] = useState(false)
  const rename = useSettingsMutation(
    (newName: string) => pipelines.update(pipeline.id, { name: newName }),
    { invalidates: affected, done: 'Pipeline renamed' },
  )
  const addStage = useSettingsMutation(
    (input: { name: string; type: StageType }) => pipelines.addStage(pipeline.id, input),
    { invalidates: affected, done: (stage) => `Stage “${stage.name}” added` },
  )
  const remove = useSettingsMutation(() => pipelines.remove(pipeline.id), {
    invalidates: affected,
    done: `Pipeline “${pipeline.name}” deleted`,
  })
  const unchanged = name.trim() === pipeline.name
  const submitName = () => {
    if (name.trim() && !unchanged) rename.mutate(name.trim())
  }
  const submitStage = () => {
    if (!stageName.trim()) return
    addStage.mutate(
      { name: stageName.trim(), type: stageType },
      { onSuccess: () => setStageName('') },
    )
  }

  return (
    <div className="panel">
      <InlineForm
        title="Pipeline name"
        text={{ id: 'pipeline-name', value: name, onValue: setName }}
        onSubmit={submitName}
        submit={{ label: 'Rename', disabled: rename.isPending || !name.trim() || unchanged }}
      />
      <h3>Stages</h3>
      <StageList pipeline={pipeline} />
      <InlineForm
        title="Add a stage"
        text={{
          id: 'new-stage',
          value: stageName,
          onValue: setStageName,
          placeholder: 'Stage name',
        }}
        onSubmit={submitStage}
        submit={{ label: 'Add stage', disabled: addStage.isPending || !stageName.trim() }}
      >
        <StageTypeSelect
          id="new-stage-type"
          label="Type of the new stage"
          value={stageType}
          onChange={setStageType}
        />
      </InlineForm>
      <div className="danger-zone">
        <button
          type="button"
          className="button button-danger-quiet"
          onClick={() => setDeleting(true)}
        >
          Delete pipeline
        </button>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete this pipeline?"
        message={
          <>
            <strong>{pipeline.name}</strong> and its stages will be removed. A pipeline that still
            holds deals cannot be deleted: move or delete them first.
          </>
        }
        confirmLabel="Delete pipeline"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate('/settings/pipelines'),
            onSettled: () => setDeleting(false),
          })
        }
        onClose={() => setDeleting(false)}
      />
    </div>
  )
}
