import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { withDatabaseOf } from './postgres'

export const bin = resolve('bin/outpost.js')

/** Fails early, and clearly, when the CLI has not been built (npm test builds it first). */
export function requireBuiltCli(): void {
  if (!existsSync(resolve('out/main/cli.js'))) {
    throw new Error('out/main/cli.js is missing: run `npm run build` before the CLI tests')
  }
}

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `outpost ...args` to completion (in `cwd`, by default the test's). */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: withDatabaseOf(args, env), timeout: 60_000, cwd },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

export interface Serving {
  process: ChildProcess
  url: string
  output: () => string
  stop(): Promise<number | null>
}

/** Starts `outpost serve ...args` and resolves once it has printed its whole start-up banner. */
export function serve(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): Promise<Serving> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    env: withDatabaseOf(args, env),
    cwd,
  })
  let stdout = ''
  let stderr = ''
  return new Promise((resolveServing, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not start:\n${stdout}\n${stderr}`)),
      30_000,
    )
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      const match = stdout.match(/running at (http:\/\/\S+)/)
      // The banner ends with the line telling how to stop.
      if (match && stdout.includes('Ctrl+C')) {
        clearTimeout(timer)
        resolveServing({
          process: child,
          url: match[1]!,
          output: () => stdout,
          stop: () =>
            new Promise((stopped) => {
              // Already gone (it exited, or a test killed it): nothing to wait for.
              if (child.exitCode !== null || child.signalCode !== null)
                return stopped(child.exitCode)
              child.once('exit', (code) => stopped(code))
              child.kill('SIGTERM')
            }),
        })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}:\n${stdout}\n${stderr}`))
    })
  })
}
