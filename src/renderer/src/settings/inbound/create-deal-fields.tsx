import { useFormContext, useWatch } from 'react-hook-form'
import { useCurrencies, usePipelines } from '../../api/reference-data'
import { fieldRule } from '../../forms/field-rules'
import { controlProps, Field } from '../../ui/field'
import { byName, SelectField } from '../../ui/select-field'
import { isPlaceholder, readDealValue, type FormValues } from './form-values'

/** The deal a new person brings: pipeline, stage, title and value (fixed or from the payload). */
export function CreateDealFields() {
  const { register, control, formState } = useFormContext<FormValues>()
  const dealPipelineId = useWatch({ control, name: 'dealPipelineId' })
  const pipelines = usePipelines()
  const currencies = useCurrencies()
  const dealPipeline = pipelines.data?.find((item) => item.id === dealPipelineId)
  const errors = formState.errors
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
      <Field id="deal-title" label="Deal title" error={errors.dealTitle?.message}>
        <input
          {...controlProps('deal-title', errors.dealTitle?.message)}
          className="mono"
          {...register('dealTitle')}
        />
      </Field>
      <div className="field-row">
        <Field
          id="deal-value"
          label="Value (number or placeholder)"
          error={errors.dealValue?.message}
        >
          <input
            {...controlProps('deal-value', errors.dealValue?.message)}
            className="mono"
            {...register('dealValue', {
              validate: (text) => isPlaceholder(text) || fieldRule('Value', readDealValue)(text),
            })}
          />
        </Field>
        <Field id="deal-currency" label="Currency">
          <select id="deal-currency" {...register('dealCurrency')}>
            {currencies.data?.map((currency) => (
              <option key={currency.code}>{currency.code}</option>
            ))}
          </select>
        </Field>
      </div>
    </div>
  )
}
