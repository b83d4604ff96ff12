// The servers under test run as child processes, so the load generator (this process) never
// shares their event loop or their heap.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export interface Running {
  url: string
  /** From spawn to the line that says it listens. */
  startMs: number
  /** Resident and peak resident memory, in MiB. */
  memory(): { rss: number; peak: number }
  /** What it has printed so far (stdout and stderr): to tell why it failed. */
  output(): string
  stop(): Promise<void>
}

function start(command: string, args: string[], listening: RegExp): Promise<Running> {
  const began = performance.now()
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${args.join(' ')}: ${why}\n${output}`))
    child.once('exit', (code) => fail(`exited with ${code}`))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    let listeningAt: string | undefined
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // Once: running() drops the start's exit listener, and would drop stop()'s as well.
      if (listeningAt) return
      listeningAt = listening.exec(output)?.[1]
      if (listeningAt) resolve(running(child, listeningAt, performance.now() - began, () => output))
    })
  })
}

function running(child: ChildProcess, url: string, startMs: number, output: () => string): Running {
  child.removeAllListeners('exit')
  return {
    url,
    startMs,
    output,
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1])
      return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * `outpost serve` as a user runs it (the built CLI), on `dataDir` (and on the PostgreSQL database
 * `databaseUrl`, when given), on a free port.
 */
export const startOutpost = (dataDir: string, databaseUrl?: string) =>
  start(
    process.execPath,
    // No daily backup: copying the file mid-run would be measured as the server's time.
    [
      ...['bin/outpost.js', 'serve', '--data-dir', dataDir, '--port', '0', '--no-backups'],
      ...(databaseUrl ? ['--database-url', databaseUrl] : []),
    ],
    /Outpost is running at (http:\/\/[^\s]+)/,
  )

/** The floor app on the same file. */
export const startFloor = (file: string) =>
  start(
    process.execPath,
    ['--import', 'tsx', 'bench/http/floor.ts', file],
    /floor listening at (http:\/\/[^\s]+)/,
  )
