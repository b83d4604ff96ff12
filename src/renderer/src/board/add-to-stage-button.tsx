import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Stage } from '../api/types'
import { DealFormDialog } from '../deals/deal-form-dialog'
import { useCan } from '../session/workspace'

/** The "+" of an open stage's column: a new deal that starts in that stage. */
export function AddToStageButton({ stage }: { stage: Stage }) {
  const { t } = useTranslation('board')
  const canWrite = useCan('records.write')
  const [open, setOpen] = useState(false)
  if (!canWrite || stage.type !== 'open') return null
  return (
    <>
      <button
        type="button"
        className="icon-button column-add"
        aria-label={t('column.add', { stage: stage.name })}
        title={t('column.add', { stage: stage.name })}
        onClick={() => setOpen(true)}
      >
        +
      </button>
      <DealFormDialog
        open={open}
        onClose={() => setOpen(false)}
        defaults={{ pipelineId: stage.pipelineId, stageId: stage.id }}
      />
    </>
  )
}
