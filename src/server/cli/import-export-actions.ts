import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readFileSync,
  statSync,
} from 'node:fs'
import { basename, dirname } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { systemClock } from '../clock'
import type { Db } from '../db/connection'
import type { DedupeStrategy } from '../db/database'
import type { ImportProgress, ImportResult } from '../imports/csv-import'
import { importActivitiesCsv, importDealsCsv, importNotesCsv } from '../imports/named-import'
import { exportRecords, type ExportKind } from '../imports/export'
import { importConfig, importPeopleCsv } from '../imports/people-import'
import {
  namedImportSettingsSchema,
  namedMappingOf,
  importSettingsSchema,
  type ExportFormat,
} from '../imports/schema'
import { StartupError } from '../startup-error'
import type { Workspace } from '../workspaces/schema'

// The work of `outpost import` and `outpost export`, loaded only when one of them runs: the CSV
// reader, the field rules and the database stay out of every other command's start-up.

/** How the commands reach the database: main.ts's helpers. */
export interface CliDatabase {
  withDatabase<T>(dataDir: string | undefined, work: (db: Db) => Promise<T>): Promise<T>
  resolveWorkspace(db: Db, name: string | undefined): Promise<Workspace>
}

/** What went wrong with a file, in words rather than an errno. */
function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file or folder'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  if (code === 'EISDIR') return 'it is a folder, not a file'
  if (code === 'ENOTDIR') return 'a part of the path is not a folder'
  return (error as Error).message
}

/** A file this command will read: refused in one line when it is missing or unreadable. */
function requireReadable(file: string, what: string): void {
  try {
    if (statSync(file).isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' })
    closeSync(openSync(file, 'r'))
  } catch (error) {
    throw new StartupError(`cannot read ${what} ${file}: ${fileProblem(error)}`)
  }
}

/** `--mapping`: JSON written on the command line (it starts with `{`), or a JSON file's name. */
function readMappingJson(value: string): unknown {
  const inline = value.trimStart().startsWith('{')
  let text = value
  if (!inline) {
    requireReadable(value, 'the mapping file')
    text = readFileSync(value, 'utf8').replace(/^\uFEFF/, '')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    const source = inline ? '--mapping' : `the mapping file ${value}`
    throw new StartupError(`${source} is not valid JSON: ${(error as Error).message}`)
  }
}

function peopleSettings(value: string) {
  const parsed = importSettingsSchema.safeParse(readMappingJson(value))
  if (!parsed.success) {
    throw new StartupError(
      `--mapping is not a mapping: write {"fullName": "{{Name}}", ...}, or ` +
        `{"mapping": {...}, "dedupe": {"strategy": "email"}, "defaultCountry": "BR"}`,
    )
  }
  return parsed.data
}

function namedMapping(value: string) {
  const parsed = namedImportSettingsSchema.safeParse(readMappingJson(value))
  if (!parsed.success) {
    throw new StartupError(
      `--mapping is not a mapping: write {"<target>": "{{<column>}}", ...}, for example ` +
        `{"title": "{{Title}}", "pipeline": "{{Pipeline}}", "stage": "{{Stage}}"} for deals`,
    )
  }
  return namedMappingOf(parsed.data)
}

/** Lines in a file, read as a stream: the progress bar's total before parsing starts. */
async function countLines(file: string): Promise<number> {
  let lines = 0
  let last = 0x0a
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) lines += 1
    last = chunk.at(-1) ?? last
  }
  return last === 0x0a ? lines : lines + 1
}

/**
 * A progress bar on stderr, only on a terminal (stdout keeps the summary, for scripts). The
 * progress bar library is loaded only then: a script's import never pays for it.
 */
async function progressBar(file: string) {
  if (!process.stderr.isTTY) return null
  const [{ default: cliProgress }, lines] = await Promise.all([
    import('cli-progress'),
    countLines(file),
  ])
  const total = Math.max(0, lines - 1)
  const bar = new cliProgress.SingleBar(
    {
      format:
        'Importing |{bar}| {percentage}% | {value}/{total} rows | ' +
        '{created} created, {updated} updated, {rejected} rejected | ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 50,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0, { created: 0, updated: 0, rejected: 0 })
  return {
    show(progress: ImportProgress) {
      const { created, updated, rejected } = progress
      bar.setTotal(Math.max(total, progress.rows))
      bar.update(progress.rows, { created, updated, rejected })
    },
    stop: () => bar.stop(),
  }
}

export interface ImportCommandOptions {
  mapping: string
  dataDir?: string
  workspace?: string
}

type Importer = (
  db: Db,
  workspaceId: string,
  input: AsyncIterable<Uint8Array>,
  onProgress: (progress: ImportProgress) => void,
) => Promise<ImportResult>

async function runImport(
  cli: CliDatabase,
  file: string,
  options: ImportCommandOptions,
  run: Importer,
) {
  requireReadable(file, 'the CSV file')
  await cli.withDatabase(options.dataDir, async (db) => {
    const workspace = await cli.resolveWorkspace(db, options.workspace)
    const bar = await progressBar(file)
    let result: ImportResult
    try {
      result = await run(db, workspace.id, createReadStream(file), (progress) =>
        bar?.show(progress),
      )
    } finally {
      bar?.stop()
    }
    for (const warning of result.warnings) console.error(`warning: ${warning}`)
    for (const rejection of result.rejections) {
      console.error(`line ${rejection.line}: ${rejection.message}`)
    }
    const skipped = result.skipped ? `, ${result.skipped} blank skipped` : ''
    console.log(
      `Imported ${result.rows} rows of ${basename(file)} into "${workspace.name}": ` +
        `${result.created} created, ${result.updated} updated, ${result.rejected} rejected${skipped}`,
    )
    if (result.rejected > 0) {
      // A script must not take a partial import for a whole one.
      throw new StartupError(
        `${result.rejected} of ${result.rows} rows were rejected (each is listed above with its ` +
          `line); fix them and import those rows again`,
      )
    }
  })
}

export async function exportTo(
  cli: CliDatabase,
  kind: ExportKind,
  options: { format: ExportFormat; output?: string; dataDir?: string; workspace?: string },
) {
  let fd: number | undefined
  if (options.format === 'xlsx' && !options.output && process.stdout.isTTY) {
    throw new StartupError('a workbook is not for the terminal: write it to a file with -o FILE')
  }
  if (options.output) {
    // Opened before reading anything, so a bad path fails at once, in one line.
    try {
      fd = openSync(options.output, 'w')
    } catch (error) {
      const problem = fileProblem(error)
      const hint =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? ` (does the folder ${dirname(options.output)} exist?)`
          : ''
      throw new StartupError(`cannot write ${options.output}: ${problem}${hint}`)
    }
  }
  await cli.withDatabase(options.dataDir, async (db) => {
    const workspace = await cli.resolveWorkspace(db, options.workspace)
    const out = fd === undefined ? process.stdout : createWriteStream('', { fd })
    // pipeline waits for each drain and stops at the first error either side; standard output
    // is left open.
    const chunks = Readable.from(exportRecords(db, workspace.id, kind, options.format))
    try {
      await pipeline(chunks, out, { end: fd !== undefined })
    } catch (error) {
      if (!out.errored) throw error
      throw new StartupError(
        `cannot write ${options.output ?? 'the export'}: ${fileProblem(error)}`,
      )
    }
  })
}

/** `outpost import people FILE --mapping M`. */
export function importPeople(
  cli: CliDatabase,
  file: string,
  options: ImportCommandOptions & { dedupe?: DedupeStrategy },
) {
  const config = importConfig(peopleSettings(options.mapping), options.dedupe)
  return runImport(cli, file, options, (db, workspaceId, input, onProgress) =>
    importPeopleCsv(db, workspaceId, input, config, { clock: systemClock, onProgress }),
  )
}

const namedImports = {
  deals: importDealsCsv,
  activities: importActivitiesCsv,
  notes: importNotesCsv,
}

/** `outpost import deals|activities|notes FILE --mapping M`. */
export function importNamed(
  cli: CliDatabase,
  kind: keyof typeof namedImports,
  file: string,
  options: ImportCommandOptions,
) {
  const mapping = namedMapping(options.mapping)
  return runImport(cli, file, options, (db, workspaceId, input, onProgress) =>
    namedImports[kind](db, workspaceId, input, mapping, { clock: systemClock, onProgress }),
  )
}
