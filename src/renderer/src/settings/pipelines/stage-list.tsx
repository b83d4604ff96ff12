import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Pipeline, Stage, StageType } from '../../api/types'
import { pipelines } from '../../api/endpoints'
import { keys } from '../../api/keys'
import { useSettingsMutation } from '../use-settings-mutation'
import { StageTypeSelect } from './stage-type-select'
import { dragWords } from '../../ui/drag-words'

const affected = [keys.pipelines, keys.boards]

/** The stages of a pipeline in board order: drag (or Space and arrows) to reorder. */
export function StageList({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation('pipelines')
  const [order, setOrder] = useState<string[] | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const reorder = useSettingsMutation(
    (stageIds: string[]) => pipelines.reorderStages(pipeline.id, stageIds),
    { invalidates: affected, done: t('stages.orderSaved') },
  )
  const ids = order ?? pipeline.stages.map((stage) => stage.id)
  const byId = new Map(pipeline.stages.map((stage) => [stage.id, stage]))
  const nameOf = (id: UniqueIdentifier) => byId.get(String(id))?.name ?? ''
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
    setOrder(next)
    reorder.mutate(next, { onSettled: () => setOrder(null) })
  }

  if (pipeline.stages.length === 0) return <p className="muted">{t('stages.empty')}</p>
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={dragWords(nameOf, nameOf)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="stage-list">
          {ids.map((id, index) => {
            const stage = byId.get(id)
            return stage ? <StageRow key={id} stage={stage} position={index + 1} /> : null
          })}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function StageRow({ stage, position }: { stage: Stage; position: number }) {
  const { t } = useTranslation('pipelines')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id: stage.id })
  const [name, setName] = useState(stage.name)
  const update = useSettingsMutation(
    (input: {
      name?: string
      type?: StageType
      probability?: number | null
      rottingDays?: number | null
    }) => pipelines.updateStage(stage.pipelineId, stage.id, input),
    { invalidates: affected, done: t('stages.saved') },
  )
  const remove = useSettingsMutation(() => pipelines.removeStage(stage.pipelineId, stage.id), {
    invalidates: affected,
    done: t('stages.deleted', { name: stage.name }),
  })
  const saveName = () => {
    if (name.trim() && name.trim() !== stage.name) update.mutate({ name: name.trim() })
    else setName(stage.name)
  }
  return (
    <li
      ref={setNodeRef}
      className={`stage-row stage-row-${stage.type}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        aria-label={t('stages.reorder', { name: stage.name, position })}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <label className="visually-hidden" htmlFor={`stage-name-${stage.id}`}>
        {t('stages.nameOf', { position })}
      </label>
      <input
        id={`stage-name-${stage.id}`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={saveName}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            saveName()
          }
        }}
      />
      <StageTypeSelect
        id={`stage-type-${stage.id}`}
        label={t('stages.typeOf', { name: stage.name })}
        value={stage.type}
        onChange={(type) => update.mutate({ type })}
      />
      {stage.type === 'open' && (
        <>
          <StageNumber
            id={`stage-probability-${stage.id}`}
            label={t('stages.probabilityOf', { name: stage.name })}
            suffix="%"
            min={0}
            max={100}
            value={stage.probability}
            onSave={(probability) => update.mutate({ probability })}
          />
          <StageNumber
            id={`stage-rotting-${stage.id}`}
            label={t('stages.rottingOf', { name: stage.name })}
            suffix={t('stages.days')}
            min={1}
            max={3650}
            value={stage.rottingDays}
            onSave={(rottingDays) => update.mutate({ rottingDays })}
          />
        </>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('stages.delete', { name: stage.name })}
        onClick={() => remove.mutate(undefined)}
      >
        ×
      </button>
    </li>
  )
}

/** A stage's number (probability, days to rot), saved when it loses focus; empty clears it. */
function StageNumber(props: {
  id: string
  label: string
  suffix: string
  min: number
  max: number
  value: number | null
  onSave(value: number | null): void
}) {
  const [text, setText] = useState(props.value === null ? '' : String(props.value))
  const save = () => {
    const value = text.trim() === '' ? null : Number(text)
    if (value !== props.value) props.onSave(value)
  }
  return (
    <span className="stage-number">
      <label className="visually-hidden" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        title={props.label}
        type="number"
        min={props.min}
        max={props.max}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
      />
      <span aria-hidden="true">{props.suffix}</span>
    </span>
  )
}
