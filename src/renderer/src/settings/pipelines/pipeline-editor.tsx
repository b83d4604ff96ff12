import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
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
  const { t } = useTranslation('pipelines')
  const navigate = useNavigate()
  const [name, setName] = useState(pipeline.name)
  const [stageName, setStageName] = useState('')
  const [stageType, setStageType] = useState<StageType>('open')
  const [deleting, setDeleting] = useState(false)
  const rename = useSettingsMutation(
    (newName: string) => pipelines.update(pipeline.id, { name: newName }),
    { invalidates: affected, done: t('editor.renamed') },
  )
  const addStage = useSettingsMutation(
    (input: { name: string; type: StageType }) => pipelines.addStage(pipeline.id, input),
    { invalidates: affected, done: (stage) => t('editor.stageAdded', { name: stage.name }) },
  )
  const remove = useSettingsMutation(() => pipelines.remove(pipeline.id), {
    invalidates: affected,
    done: t('editor.deleted', { name: pipeline.name }),
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
    <div className="pipeline-editor">
      <InlineForm
        title={t('editor.nameTitle')}
        text={{ id: 'pipeline-name', value: name, onValue: setName }}
        onSubmit={submitName}
        submit={{
          label: t('editor.rename'),
          disabled: rename.isPending || !name.trim() || unchanged,
        }}
      />
      <h3>{t('editor.stagesHeading')}</h3>
      <p className="muted">{t('editor.stagesHint')}</p>
      <StageList pipeline={pipeline} />
      <InlineForm
        title={t('editor.addStageTitle')}
        text={{
          id: 'new-stage',
          value: stageName,
          onValue: setStageName,
          placeholder: t('editor.stageNamePlaceholder'),
        }}
        onSubmit={submitStage}
        submit={{ label: t('editor.addStage'), disabled: addStage.isPending || !stageName.trim() }}
      >
        <StageTypeSelect
          id="new-stage-type"
          label={t('editor.newStageType')}
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
          {t('editor.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={deleting}
        title={t('editor.deleteTitle')}
        message={
          <Trans
            t={t}
            i18nKey="editor.deleteMessage"
            values={{ name: pipeline.name }}
            components={{ strong: <strong /> }}
          />
        }
        confirmLabel={t('editor.delete')}
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
