import { useFormContext, useWatch } from 'react-hook-form'
import { usePipelines } from '../../api/reference-data'
import { fieldRule } from '../../forms/field-rules'
import { CurrencySelect } from '../../forms/record-fields'
import { TextField } from '../../ui/text-field'
import { byName, SelectField } from '../../ui/select-field'
import { isPlaceholder, readDealValue, type FormValues } from './form-values'

/** The deal a new person brings: pipeline, stage, title and value (fixed or from the payload). */
export function CreateDealFields() {
  const { control } = useFormContext<FormValues>()
  const dealPipelineId = useWatch({ control, name: 'dealPipelineId' })
  const pipelines = usePipelines()
  const dealPipeline = pipelines.data?.find((item) => item.id === dealPipelineId)
  return (
    <div className="form-grid">
      <SelectField
        id="deal-pipeline"
        label="Pipeline"
        name="dealPipelineId"
        none="Choose…"
        choices={byName(pipelines.data)}
        rules={{ required: 'Choose a pipeline' }}
      />
      <SelectField
        id="deal-stage"
        label="Stage"
        name="dealStageId"
        none="Choose…"
        choices={byName(dealPipeline?.stages)}
        rules={{ required: 'Choose a stage' }}
      />
      <TextField id="deal-title" label="Deal title" name="dealTitle" className="mono" />
      <div className="field-row">
        <TextField
          id="deal-value"
          label="Value (number or placeholder)"
          name="dealValue"
          className="mono"
          rules={{
            validate: (text: string) =>
              isPlaceholder(text) || fieldRule('Value', readDealValue)(text),
          }}
        />
        <CurrencySelect id="deal-currency" name="dealCurrency" />
      </div>
    </div>
  )
}
