import { CommanderError, type Command } from 'commander'
import { ApiError } from '../http/errors'
import { StartupError } from '../startup-error'

interface CodedError {
  code?: unknown
  path?: unknown
  message?: unknown
  cause?: unknown
}

/** The error itself and its causes, outermost first. */
function causes(error: unknown): CodedError[] {
  const chain: CodedError[] = []
  for (let at = error; typeof at === 'object' && at !== null && chain.length < 5;) {
    chain.push(at as CodedError)
    at = (at as CodedError).cause
  }
  return chain
}

/** What a system or SQLite error code means for the user, and what to do about it. */
function explainCode(code: string, path: string | undefined): string | undefined {
  const where = path ? `${path}: ` : ''
  switch (code) {
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return (
        'the database is locked by another program (an import, a backup tool, a database ' +
        'browser); try again when it has finished'
      )
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return (
        'the database file is not an Outpost database, or is damaged; restore a backup ' +
        '(outpost backup makes one) or choose another --data-dir'
      )
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
      return 'cannot write the database: check the data folder’s permissions, or choose another --data-dir'
    case 'SQLITE_FULL':
    case 'ENOSPC':
      return 'the disk is full; free some space and try again'
    case 'ENOENT':
      return `${where}no such file or folder; check the path`
    case 'EACCES':
    case 'EPERM':
      return `${where}permission denied; check the file’s permissions or choose another path`
    case 'EISDIR':
      return `${where}is a folder, where a file was expected`
    case 'ENOTDIR':
      return `${where}a part of the path is not a folder`
    case 'EEXIST':
      return `${where}already exists; choose another name`
    case 'EROFS':
      return `${where}is on a read-only file system; choose another path`
    case 'EMFILE':
      return 'too many open files; close some programs and try again'
    default:
      return undefined
  }
}

/**
 * The one line the CLI prints for any failure: what went wrong and what to do. Known codes (system
 * calls, SQLite) anywhere in the error's causes are explained; errors written for users
 * (StartupError, ApiError) keep their message; anything else is an unexpected error, still in one
 * line (set OUTPOST_DEBUG=1 to see its stack).
 */
export function describeError(error: unknown): string {
  for (const link of causes(error)) {
    if (typeof link.code !== 'string') continue
    const path = typeof link.path === 'string' ? link.path : undefined
    const explained = explainCode(link.code, path)
    if (explained) return explained
  }
  if (error instanceof StartupError || error instanceof ApiError) return error.message
  const message = error instanceof Error ? error.message : String(error)
  return `unexpected error: ${message} (set OUTPOST_DEBUG=1 for details, and please report it)`
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim()

/** Prints `outpost: <what went wrong and what to do>` on stderr and exits non-zero. */
export function fail(error: unknown): never {
  // A reader that went away (`outpost export people | head`) is not a failure.
  if ((error as CodedError | null)?.code === 'EPIPE') process.exit(0)
  if (error instanceof CommanderError) process.exit(error.exitCode)
  console.error(`outpost: ${oneLine(describeError(error))}`)
  if (process.env.OUTPOST_DEBUG) console.error(error)
  process.exit(1)
}

/** `outpost token create`, as the user types it. */
function commandPath(command: Command): string {
  const names: string[] = []
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name())
  return names.join(' ')
}

/**
 * Makes every command's own errors (unknown command or option, a missing or invalid argument) one
 * line naming the help to read, and routes every other failure, thrown or unhandled, to `fail`.
 * Call it once every command is registered.
 */
export function speakOneLine(program: Command): void {
  const configure = (command: Command) => {
    const help = `${commandPath(command)} --help`
    command.configureOutput({
      outputError: (message, write) => {
        const text = oneLine(message.replace(/^error: /, '')).replace(
          /\s*\(Did you mean (.*)\?\)$/,
          '; did you mean $1?',
        )
        write(`outpost: ${text} (see: ${help})\n`)
      },
    })
    for (const sub of command.commands) configure(sub)
  }
  configure(program)
  process.on('uncaughtException', fail)
  process.on('unhandledRejection', fail)
}
