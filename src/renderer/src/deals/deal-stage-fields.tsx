import { useFormContext, useWatch } from 'react-hook-form'
import { useLostReasons, usePipelines } from '../api/reference-data'
import { byName, SelectField } from '../ui/select-field'
import type { DealFormValues } from './deal-form-values'

/** Where the deal stands: its pipeline (new deals only), its stage, and why it was lost. */
export function DealStageFields({ editing }: { editing: boolean }) {
  const { control, setValue } = useFormContext<DealFormValues>()
  const pipelines = usePipelines()
  const lostReasons = useLostReasons()
  const pipelineId = useWatch({ control, name: 'pipelineId' })
  const stageId = useWatch({ control, name: 'stageId' })
  const pipeline = pipelines.data?.find((item) => item.id === pipelineId)
  const stage = pipeline?.stages.find((item) => item.id === stageId)
  const stages = (pipeline?.stages ?? []).map((item) => ({
    value: item.id,
    label: item.type !== 'open' ? `${item.name} (${item.type})` : item.name,
  }))
  return (
    <>
      {!editing && (
        <SelectField
          id="deal-pipeline"
          label="Pipeline"
          name="pipelineId"
          none="Choose…"
          choices={byName(pipelines.data)}
          rules={{
            required: 'Choose a pipeline',
            onChange: (event: { target: { value: string } }) => {
              const next = pipelines.data?.find((item) => item.id === event.target.value)
              setValue('stageId', next?.stages[0]?.id ?? '')
            },
          }}
        />
      )}
      <SelectField
        id="deal-stage"
        label="Stage"
        name="stageId"
        none="Choose…"
        choices={stages}
        rules={{ required: 'Choose a stage' }}
      />
      {stage?.type === 'lost' && (
        <SelectField
          id="deal-lost-reason"
          label="Lost reason"
          name="lostReasonId"
          none="Choose…"
          choices={byName(lostReasons.data)}
          rules={{ required: 'A lost deal needs a reason' }}
        />
      )}
    </>
  )
}
