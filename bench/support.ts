import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A temporary data folder, removed by the returned function. */
export function tempDataDir(name: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `outpost-bench-${name}-`))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Mean milliseconds per call of `run`, after a warm-up, over `iterations` calls. */
export async function measure(iterations: number, run: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(50, iterations); i++) await run(i)
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) await run(i)
  return Number(process.hrtime.bigint() - start) / 1e6 / iterations
}

/** One line of a results table: a label, the time per call, and its ratio to the baseline. */
export function report(label: string, ms: number, baselineMs: number): void {
  console.log(
    `${label.padEnd(52)} ${ms.toFixed(3).padStart(9)} ms   ${(ms / baselineMs).toFixed(1).padStart(6)}x`,
  )
}
