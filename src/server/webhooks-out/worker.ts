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
 * How many subscriptions may have an attempt out at once. Each attempt is bounded by
 * `attemptTimeoutMs`, so this many endpoints that never answer delay the others by that at most.
 */
export const maxConcurrentSubscriptions = 8

interface Drain {
  /** Asked for again while running: look once more for due work before finishing. */
  again: boolean
  done: Promise<void>
}

/**
 * The outbound delivery worker: one per server process, reading the outbox in the database, so
 * that whatever was not delivered before a restart or while offline goes out afterwards.
 * Subscriptions are worked independently (up to `maxConcurrentSubscriptions` at once): an endpoint
 * that hangs delays only its own subscription. Each one's events go one at a time, in commit order.
 */
export function startDeliveryWorker(options: DeliveryContext): DeliveryWorker {
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  // At most one drain per subscription: that is what keeps its events in order.
  const draining = new Map<string, Drain>()
  let freeSlots = maxConcurrentSubscriptions
  const waitingForSlot: (() => void)[] = []

  async function takeSlot(): Promise<void> {
    if (freeSlots > 0) {
      freeSlots -= 1
      return
    }
    await new Promise<void>((resolve) => waitingForSlot.push(resolve))
  }

  function releaseSlot(): void {
    const next = waitingForSlot.shift()
    if (next) next()
    else freeSlots += 1
  }

  async function deliverDue(drain: Drain, tenantId: string, subscriptionId: string) {
    await takeSlot()
    try {
      do {
        drain.again = false
        while (!stopping && (await deliverNextEvent(options, tenantId, subscriptionId))) {
          // Delivered (or given up): the next event may be due at once.
        }
      } while (drain.again && !stopping)
    } catch (error) {
      options.logger.error(`webhook ${subscriptionId}: delivery failed`, error)
    } finally {
      releaseSlot()
      draining.delete(subscriptionId)
    }
  }

  /** Resolves when the subscription has nothing due left, whoever started its drain. */
  function drain(tenantId: string, subscriptionId: string): Promise<void> {
    const running = draining.get(subscriptionId)
    if (running) {
      running.again = true
      return running.done
    }
    const started: Drain = { again: false, done: Promise.resolve() }
    draining.set(subscriptionId, started)
    started.done = deliverDue(started, tenantId, subscriptionId)
    return started.done
  }

  async function runDue(): Promise<void> {
    if (stopping) return
    try {
      const enabled = await subscriptions.listEnabledSubscriptionIds(options.db)
      await Promise.all(enabled.map((item) => drain(item.tenantId, item.id)))
    } catch (error) {
      options.logger.error('webhook delivery round failed', error)
    }
  }

  // A look every second, whether or not the last one's attempts are still out: a slow endpoint
  // must not delay the next look for the others.
  function schedule(): void {
    if (stopping) return
    timer = setTimeout(() => {
      void runDue()
      schedule()
    }, pollIntervalMs)
    timer.unref()
  }

  void runDue()
  schedule()

  return {
    runDue,
    stop: async () => {
      stopping = true
      clearTimeout(timer)
      await Promise.all([...draining.values()].map((running) => running.done))
    },
  }
}
