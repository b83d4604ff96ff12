import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { usePipelines } from '../../api/reference-data'
import { fieldRule } from '../../forms/field-rules'
import { CurrencySelect } from '../../forms/record-fields'
import { TextField } from '../../ui/text-field'
import { byName, SelectField } from '../../ui/select-field'
import { isPlaceholder, readDealValue, type FormValues } from './form-values'

/** The deal a new person brings: pipeline, stage, title and value (fixed or from the payload). */
export function CreateDealFields() {
  const { t } = useTranslation('inbound')
  const { control } = useFormContext<FormValues>()
  const dealPipelineId = useWatch({ control, name: 'dealPipelineId' })
  const pipelines = usePipelines()
  const dealPipeline = pipelines.data?.find((item) => item.id === dealPipelineId)
  return (
    <div className="form-grid">
      <SelectField
        id="deal-pipeline"
        label={t('createDeal.pipeline')}
        name="dealPipelineId"
        none={t('createDeal.choose')}
        choices={byName(pipelines.data)}
        rules={{ required: t('createDeal.pipelineRequired') }}
      />
      <SelectField
        id="deal-stage"
        label={t('createDeal.stage')}
        name="dealStageId"
        none={t('createDeal.choose')}
        choices={byName(dealPipeline?.stages)}
        rules={{ required: t('createDeal.stageRequired') }}
      />
      <TextField id="deal-title" label={t('createDeal.title')} name="dealTitle" className="mono" />
      <div className="field-row">
        <TextField
          id="deal-value"
          label={t('createDeal.value')}
          name="dealValue"
          className="mono"
          rules={{
            validate: (text: string) =>
              isPlaceholder(text) || fieldRule(t('createDeal.valueName'), readDealValue)(text),
          }}
        />
        <CurrencySelect id="deal-currency" name="dealCurrency" />
      </div>
    </div>
  )
}
