import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLostReasons, usePipelines } from '../api/reference-data'
import { byName, SelectField } from '../ui/select-field'
import type { DealFormValues } from './deal-form-values'

/** Where the deal stands: its pipeline (new deals only), its stage, and why it was lost. */
export function DealStageFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation('deals')
  const { control, setValue } = useFormContext<DealFormValues>()
  const pipelines = usePipelines()
  const lostReasons = useLostReasons()
  const pipelineId = useWatch({ control, name: 'pipelineId' })
  const stageId = useWatch({ control, name: 'stageId' })
  const pipeline = pipelines.data?.find((item) => item.id === pipelineId)
  const stage = pipeline?.stages.find((item) => item.id === stageId)
  const stages = (pipeline?.stages ?? []).map((item) => ({
    value: item.id,
    label:
      item.type === 'open'
        ? item.name
        : t(item.type === 'won' ? 'stageFields.stageWon' : 'stageFields.stageLost', {
            name: item.name,
          }),
  }))
  return (
    <>
      {!editing && (
        <SelectField
          id="deal-pipeline"
          label={t('stageFields.pipeline')}
          name="pipelineId"
          none={t('stageFields.choose')}
          choices={byName(pipelines.data)}
          rules={{
            required: t('stageFields.pipelineRequired'),
            onChange: (event: { target: { value: string } }) => {
              const next = pipelines.data?.find((item) => item.id === event.target.value)
              setValue('stageId', next?.stages[0]?.id ?? '')
            },
          }}
        />
      )}
      <SelectField
        id="deal-stage"
        label={t('stageFields.stage')}
        name="stageId"
        none={t('stageFields.choose')}
        choices={stages}
        rules={{ required: t('stageFields.stageRequired') }}
      />
      {stage?.type === 'lost' && (
        <SelectField
          id="deal-lost-reason"
          label={t('stageFields.lostReason')}
          name="lostReasonId"
          none={t('stageFields.choose')}
          choices={byName(lostReasons.data)}
          rules={{ required: t('stageFields.lostReasonRequired') }}
        />
      )}
    </>
  )
}
