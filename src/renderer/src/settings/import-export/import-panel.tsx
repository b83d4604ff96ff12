import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DedupeStrategy, ImportResult } from '../../api/types'
import { decodeCsvBytes } from '../../../../shared/csv-text'
import type { ImportKind } from '../../../../shared/import-targets'
import { errorMessage } from '../../api/client'
import { importCsv } from '../../api/integrations'
import { ChooseFileStep } from './choose-file-step'
import { guessedTargets, mappingOf, missingTargets, targetsOf, withTarget } from './column-targets'
import { guessTarget, parseCsvPreview } from './csv-preview'
import { ImportFailed, ImportProgress, ImportSummary } from './import-outcome'
import { MapColumnsStep } from './map-columns-step'

type Step =
  | { name: 'choose'; error?: string }
  | { name: 'map'; file: File; header: string[]; rows: string[][] }
  | { name: 'running'; file: File; sent: number; total: number }
  | { name: 'done'; file: File; result: ImportResult }
  | { name: 'failed'; file: File; error: string }

const previewBytes = 64 * 1024

/** CSV import of people or deals: choose a file, say which column fills which field, run it. */
export function ImportPanel() {
  const { t } = useTranslation('importExport')
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<ImportKind>('people')
  const [step, setStep] = useState<Step>({ name: 'choose' })
  const [targets, setTargets] = useState<string[]>([])
  const [dedupe, setDedupe] = useState<DedupeStrategy>('email')
  const again = () => setStep({ name: 'choose' })

  const choose = async (file: File | undefined) => {
    if (!file) return
    // Read as the server will read the whole file: in its encoding (UTF-8, UTF-16, Windows-1252).
    const start = new Uint8Array(await file.slice(0, previewBytes).arrayBuffer())
    const { text } = decodeCsvBytes(start, file.size <= previewBytes)
    const { header, rows } = parseCsvPreview(text)
    if (header.length === 0) {
      setStep({ name: 'choose', error: t('import.noHeader', { name: file.name }) })
      return
    }
    setTargets(
      guessedTargets(
        header.map((column) => guessTarget(column, kind)),
        rows,
      ),
    )
    setStep({ name: 'map', file, header, rows })
  }

  const run = async (file: File, header: string[]) => {
    const mapping = mappingOf(header, targets)
    setStep({ name: 'running', file, sent: 0, total: file.size })
    try {
      const result = await importCsv(
        kind,
        file,
        kind === 'people' ? { mapping, dedupe: { strategy: dedupe } } : { mapping },
        (sent, total) => setStep({ name: 'running', file, sent, total }),
      )
      setStep({ name: 'done', file, result })
      // An import touches lists, boards and records of every kind: refetch what is shown.
      void queryClient.invalidateQueries()
    } catch (error) {
      setStep({ name: 'failed', file, error: errorMessage(error) })
    }
  }

  const missing = missingTargets(kind, targets).map((target) => {
    const label = targetsOf[kind].find(([value]) => value === target)?.[1]
    return label ? t(label) : target
  })

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h3 id="import-heading">{t('import.heading')}</h3>
      {step.name === 'choose' && (
        <ChooseFileStep
          kind={kind}
          error={step.error}
          onKind={setKind}
          onFile={(file) => void choose(file)}
        />
      )}
      {step.name === 'map' && (
        <MapColumnsStep
          {...step}
          kind={kind}
          targets={targets}
          missing={missing}
          dedupe={dedupe}
          onTarget={(index, target) => setTargets((current) => withTarget(current, index, target))}
          onDedupe={setDedupe}
          onBack={again}
          onRun={() => void run(step.file, step.header)}
        />
      )}
      {step.name === 'running' && <ImportProgress {...step} />}
      {step.name === 'failed' && <ImportFailed error={step.error} onAgain={again} />}
      {step.name === 'done' && <ImportSummary kind={kind} result={step.result} onAgain={again} />}
    </section>
  )
}
