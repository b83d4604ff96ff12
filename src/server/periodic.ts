import type { Logger } from './logger'

export interface PeriodicTask<R> {
  /** Runs now (tests; the task also runs by itself), after any run under way. */
  runNow(): Promise<R>
  /** Runs now in the background, after any run under way, its outcome logged as a timed run's. */
  trigger(): void
  stop(): Promise<void>
}

export interface Schedule {
  /** The first run, a little after start so that a start is not slowed. */
  firstRunMs: number
  everyMs: number
}

const hourly: Schedule = { firstRunMs: 10_000, everyMs: 60 * 60 * 1000 }

/**
 * Work in the background: `run` a little after start and then hourly (or on `schedule`), one run at a time;
 * a failed run is logged and does not stop the next. `report` turns a run's result into a log
 * line, or null for none.
 */
export function startPeriodic<R>(
  logger: Logger,
  failure: string,
  run: () => Promise<R>,
  report: (result: R) => string | null,
  { firstRunMs, everyMs }: Schedule = hourly,
): PeriodicTask<R> {
  let running: Promise<R | undefined> = Promise.resolve(undefined)
  const runNow = () => {
    const next = running.catch(() => undefined).then(run)
    running = next
    return next
  }
  const trigger = () => {
    runNow()
      .then((result) => {
        const line = report(result)
        if (line) logger.info(line)
      })
      .catch((error: unknown) => logger.error(failure, error))
  }
  const tick = () => {
    trigger()
    timer = setTimeout(tick, everyMs).unref()
  }
  let timer = setTimeout(tick, firstRunMs).unref()
  return {
    runNow,
    trigger,
    async stop() {
      clearTimeout(timer)
      await running.catch(() => undefined)
    },
  }
}
