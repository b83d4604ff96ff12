import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutpostEvent } from '../../../shared/events'
import { requestHeaders } from '../api/client'
import { keys } from '../api/keys'
import { boardDrag } from '../board/drag-state'
import { moveDealKey } from '../board/use-move-deal'
import { staleKeysFor } from './invalidations'
import { createSseParser } from './sse'
import { useToast } from '../ui/toast'
import { createReminderNotifier, reminderActions, reminderToastMs } from '../work/reminder-notices'

export type LiveStatus = 'connecting' | 'live' | 'offline'

const LiveContext = createContext<LiveStatus>('connecting')

/** Whether changes made elsewhere (scripts, inbound webhooks) are arriving. */
export const useLiveStatus = () => useContext(LiveContext)

const streamPath = '/api/v1/events/stream'
const maxRetryMs = 30_000
// Many events arrive together (a deal moved to won is three); one refetch serves them all.
const batchMs = 120

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/**
 * Follows the change feed's Server-Sent Events and marks the queries each event touches as stale,
 * so what is on screen follows changes made by scripts and inbound webhooks within a second.
 * fetch rather than EventSource, because every session request must carry the workspace header.
 * A dropped stream resumes from its last event (Last-Event-ID), so nothing is missed.
 */
export function LiveUpdates({
  children,
  openMyWork,
}: {
  children: ReactNode
  /** Where a reminder's notice leads. */
  openMyWork: () => void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const { t } = useTranslation('live')
  const [status, setStatus] = useState<LiveStatus>('connecting')

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    let pending: (readonly unknown[])[] = []
    let timer: ReturnType<typeof setTimeout> | undefined

    const flush = () => {
      timer = undefined
      const moving = queryClient.isMutating({ mutationKey: moveDealKey }) > 0
      const held: (readonly unknown[])[] = []
      for (const queryKey of pending) {
        if (queryKey[0] === keys.boards[0]) {
          // A move in flight refetches its board when it settles; refetching now would flash the
          // card back to where it came from.
          if (moving) continue
          // Under a drag the refetch waits for the drop, which flushes again.
          if (boardDrag.isActive()) {
            held.push(queryKey)
            continue
          }
        }
        void queryClient.invalidateQueries({ queryKey })
      }
      pending = held
    }
    const stopWatchingDrags = boardDrag.onEnd(() => {
      if (pending.length > 0) timer ??= setTimeout(flush, batchMs)
    })
    const remind = createReminderNotifier(
      (text, single) =>
        toast(text, {
          actions: [
            ...(single ? reminderActions(single, toast) : []),
            { label: t('openMyWork'), run: openMyWork },
          ],
          durationMs: reminderToastMs,
        }),
      openMyWork,
    )
    const onEvent = (event: OutpostEvent) => {
      remind(event)
      pending.push(...staleKeysFor(event))
      timer ??= setTimeout(flush, batchMs)
    }

    const follow = async () => {
      let lastEventId: string | null = null
      let connectedBefore = false
      let retryMs = 1000
      while (!signal.aborted) {
        try {
          const response = await fetch(streamPath, {
            headers: requestHeaders({
              Accept: 'text/event-stream',
              ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
            }),
            credentials: 'same-origin',
            signal,
          })
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`)
          setStatus('live')
          // Back after a break with no event to resume from: what happened meanwhile is unknown.
          if (connectedBefore && !lastEventId) void queryClient.invalidateQueries()
          connectedBefore = true
          retryMs = 1000
          const parse = createSseParser()
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            for (const message of parse(value)) {
              if (message.id) lastEventId = message.id
              onEvent(JSON.parse(message.data) as OutpostEvent)
            }
          }
        } catch {
          if (signal.aborted) return
        }
        setStatus('offline')
        await sleep(retryMs, signal)
        retryMs = Math.min(retryMs * 2, maxRetryMs)
      }
    }
    void follow()
    return () => {
      controller.abort()
      stopWatchingDrags()
      if (timer) clearTimeout(timer)
    }
  }, [queryClient, toast, openMyWork, t])

  return <LiveContext.Provider value={status}>{children}</LiveContext.Provider>
}
