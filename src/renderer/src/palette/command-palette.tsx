import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettingsSections } from '../settings/settings-sections'
import { useCan } from '../session/workspace'
import { useNavigate } from 'react-router'
import { errorMessage } from '../api/client'
import { activities, companies, deals, people } from '../api/endpoints'
import { keys } from '../api/keys'
import { usePipelines } from '../api/reference-data'
import { Dialog } from '../ui/dialog'
import { useToast } from '../ui/toast'
import { ActivityForm, type ActivityLinks } from '../work/activity-form'
import {
  paletteCommands,
  type Command,
  type PaletteActions,
  onlyNavigation,
} from './palette-commands'
import type { RecordToAdd } from './record-form'
import './palette.css'

const RecordForm = lazy(async () => ({ default: (await import('./record-form')).RecordForm }))

const perKind = 4

/** Ctrl-K or ⌘K anywhere (even while typing) opens it; so does `open` from elsewhere. */
function useOpenShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        open()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])
}

/**
 * The command palette: searches people, companies, deals and open activities of the local
 * server as one types, and runs what is picked: open it, log a call, add a task, move a deal,
 * mark an activity done or snooze it, or go to a screen.
 */
export function CommandPalette({
  open,
  onOpen,
  onClose,
}: {
  open: boolean
  onOpen(): void
  onClose(): void
}) {
  useOpenShortcut(onOpen)
  const { t } = useTranslation('palette')
  const navigate = useNavigate()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [task, setTask] = useState<{ links: ActivityLinks; about: string } | null>(null)
  const onNewTask = (links: ActivityLinks, about: string) => setTask({ links, about })
  const [adding, setAdding] = useState<RecordToAdd | null>(null)
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: keys.work })
    void queryClient.invalidateQueries({ queryKey: keys.boards })
    toast(message, { tone: 'success' })
  }
  const act = useMutation({
    mutationFn: (work: () => Promise<string>) => work(),
    onSuccess: done,
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const actions: PaletteActions = {
    go: (path) => void navigate(path),
    logCall: (links, name) =>
      act.mutate(async () => {
        await activities.create({
          type: 'call',
          subject: t('toasts.callSubject', { name }),
          done: true,
          ...links,
        })
        return t('toasts.callLogged', { name })
      }),
    newTask: onNewTask,
    newDeal: (links) => setAdding({ kind: 'deal', links }),
    newRecord: (kind) => setAdding({ kind }),
    markDone: (activity) =>
      act.mutate(async () => {
        await activities.update(activity.id, { done: true })
        return t('toasts.done', { subject: activity.subject })
      }),
    snooze: (activity, minutes) =>
      act.mutate(async () => {
        await activities.snooze(activity.id, minutes)
        return t('toasts.snoozed', { subject: activity.subject })
      }),
    moveDeal: (deal, stageId, stageName) =>
      act.mutate(async () => {
        await deals.update(deal.id, { stageId })
        return t('toasts.moved', { deal: deal.title, stage: stageName })
      }),
  }
  return (
    <>
      <Dialog open={open} title={t('title')} onClose={onClose}>
        {open && <Palette onClose={onClose} actions={actions} />}
      </Dialog>
      <Dialog
        open={task !== null}
        title={t('newTaskTitle', { name: task?.about ?? '' })}
        onClose={() => setTask(null)}
      >
        {task && <ActivityForm mode="schedule" links={task.links} onSaved={() => setTask(null)} />}
      </Dialog>
      {adding && (
        <Suspense>
          <RecordForm adding={adding} onClose={() => setAdding(null)} />
        </Suspense>
      )}
    </>
  )
}

// The palette's own state (what is typed, which line is picked) lives while it is open; what its
// commands do lives in CommandPalette, which stays mounted while their requests run.
function Palette({ onClose, actions }: { onClose(): void; actions: PaletteActions }) {
  const { t } = useTranslation('palette')
  const listId = useId()
  const pipelines = usePipelines()
  const [text, setText] = useState('')
  const [selected, setSelected] = useState(0)
  const q = text.trim()
  const found = useQuery({
    queryKey: ['palette', q],
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const [foundPeople, foundCompanies, foundDeals, foundActivities] = await Promise.all([
        people.search({ q, page: 1, pageSize: perKind }),
        companies.search({ q, page: 1, pageSize: perKind, sort: 'name' }),
        deals.search(q, perKind),
        activities.list({ q, done: 'false', sort: 'dueAt', pageSize: perKind }),
      ])
      return {
        people: foundPeople.data,
        companies: foundCompanies.data,
        deals: foundDeals.data,
        activities: foundActivities.data,
      }
    },
  })
  const results = q ? found.data : undefined
  const canWrite = useCan('records.write')
  const { t: inSettings } = useTranslation('settings')
  const settingsSections = useSettingsSections().map(([path, label]) => ({
    path: `/settings/${path}`,
    label: inSettings(label),
  }))
  const offered = paletteCommands(
    text,
    {
      people: [],
      companies: [],
      deals: [],
      activities: [],
      ...results,
      pipelines: pipelines.data ?? [],
      settings: settingsSections,
    },
    actions,
  )
  // A read-only member's palette goes places; its actions would all be refused.
  const commands = canWrite ? offered : onlyNavigation(offered)
  const current = Math.min(selected, commands.length - 1)
  const run = (command: Command | undefined) => {
    if (!command) return
    onClose()
    command.run()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setSelected((current + step + commands.length) % Math.max(commands.length, 1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      run(commands[current])
    }
  }
  const optionId = (index: number) => `${listId}-${index}`
  return (
    <div className="palette">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('searchLabel')}
      </label>
      <input
        id={`${listId}-input`}
        data-autofocus
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={commands.length > 0 ? optionId(current) : undefined}
        autoComplete="off"
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setSelected(0)
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('listLabel')} className="palette-list">
        {commands.map((command, index) => (
          <li
            key={command.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'palette-option is-selected' : 'palette-option'}
            onMouseMove={() => setSelected(index)}
            onClick={() => run(command)}
          >
            <span>{command.label}</span>
            <span className="palette-kind">{command.kind}</span>
          </li>
        ))}
        {q && found.isFetched && commands.length === 0 && (
          <li className="palette-empty" role="presentation">
            {t('nothingFound')}
          </li>
        )}
      </ul>
    </div>
  )
}
