import { deliverNextEvent, type DeliveryContext } from './delivery'
import * as subscriptions from './repository'

export interface DeliveryWorker {
  /**
   * Makes every attempt that is due now (by the injected clock) and resolves when none is left.
   * The worker runs it by itself on a timer; tests call it to run due work without waiting.
   */
  runDue(): Promise<void>
  /** Starts no new attempt, waits for those under way to finish and be recorded, then stops. */
  stop(): Promise<void>
}

// How often the worker looks for due work: new events and retries that came due.
const pollIntervalMs = 1_000

/**
 * The outbound delivery worker: one per server process, reading the outbox in the database, so
 * that whatever was not delivered before a restart or while offline goes out afterwards.
 * Subscriptions are served side by side; each one's events go one at a time, in commit order.
 */
export function startDeliveryWorker(options: DeliveryContext): DeliveryWorker {
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  // Rounds never overlap: a round asked for while one runs starts after it.
  let queue: Promise<void> = Promise.resolve()

  async function drain(tenantId: string, subscriptionId: string): Promise<void> {
    while (!stopping && (await deliverNextEvent(options, tenantId, subscriptionId))) {
      // Delivered (or given up): the next event may be due at once.
    }
  }

  async function round(): Promise<void> {
    if (stopping) return
    try {
      const due = await subscriptions.listEnabledSubscriptionIds(options.db)
      await Promise.all(due.map((item) => drain(item.tenantId, item.id)))
    } catch (error) {
      options.logger.error('webhook delivery round failed', error)
    }
  }

  function runDue(): Promise<void> {
    queue = queue.then(round)
    return queue
  }

  function schedule(): void {
    if (stopping) return
    timer = setTimeout(() => void runDue().then(schedule), pollIntervalMs)
    timer.unref()
  }

  void runDue().then(schedule)

  return {
    runDue,
    stop: async () => {
      stopping = true
      clearTimeout(timer)
      await queue
    },
  }
}
