import { once } from 'node:events'
import { createReadStream, createWriteStream, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import cliProgress from 'cli-progress'
import { Argument, Option, type Command } from 'commander'
import { systemClock } from '../clock'
import type { Db } from '../db/connection'
import type { DedupeStrategy } from '../db/database'
import { importConfig, importPeopleCsv, type ImportProgress } from '../imports/csv-import'
import { exportRecords, type ExportKind } from '../imports/export'
import { importSettingsSchema, type ExportFormat } from '../imports/schema'
import { StartupError } from '../workspace-store'
import type { Workspace } from '../workspaces/schema'
import { dataDirOption } from './options'

/** How the commands reach the database: main.ts's helpers. */
export interface CliDatabase {
  withDatabase<T>(dataDir: string | undefined, work: (db: Db) => Promise<T>): Promise<T>
  resolveWorkspace(db: Db, name: string | undefined): Promise<Workspace>
}

const workspaceOption = () =>
  new Option('--workspace <name>', 'workspace to work in (default: the first one)')

function readSettings(file: string) {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new StartupError(`cannot read the mapping file ${file}: ${(error as Error).message}`)
  }
  const parsed = importSettingsSchema.safeParse(json)
  if (!parsed.success) {
    throw new StartupError(
      `${file} is not a mapping: write {"fullName": "{{Name}}", ...}, or ` +
        `{"mapping": {...}, "dedupe": {"strategy": "email"}, "defaultCountry": "BR"}`,
    )
  }
  return parsed.data
}

/** Lines in a file, read as a stream: the progress bar's total before parsing starts. */
async function countLines(file: string): Promise<number> {
  let lines = 0
  let last = 0x0a
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) lines += 1
      last = chunk.at(-1) ?? last
    }
  } catch (error) {
    throw new StartupError(`cannot read ${file}: ${(error as Error).message}`)
  }
  return last === 0x0a ? lines : lines + 1
}

function progressBar() {
  // Drawn on stderr, and only on a terminal: stdout keeps the summary, for scripts.
  return new cliProgress.SingleBar(
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
}

async function importPeople(
  cli: CliDatabase,
  file: string,
  options: { mapping: string; dedupe?: DedupeStrategy; dataDir?: string; workspace?: string },
) {
  const settings = readSettings(options.mapping)
  const total = Math.max(0, (await countLines(file)) - 1)
  await cli.withDatabase(options.dataDir, async (db) => {
    const workspace = await cli.resolveWorkspace(db, options.workspace)
    const bar = progressBar()
    const show = (progress: ImportProgress) => {
      const { created, updated, rejected } = progress
      bar.setTotal(Math.max(total, progress.rows))
      bar.update(progress.rows, { created, updated, rejected })
    }
    bar.start(total, 0, { created: 0, updated: 0, rejected: 0 })
    let result
    try {
      result = await importPeopleCsv(
        db,
        workspace.id,
        createReadStream(file),
        importConfig(settings, options.dedupe),
        { clock: systemClock, onProgress: show },
      )
      show(result)
    } finally {
      bar.stop()
    }
    for (const warning of result.warnings) console.error(`warning: ${warning}`)
    for (const rejection of result.rejections) {
      console.error(`line ${rejection.line}: ${rejection.message}`)
    }
    console.log(
      `Imported ${result.rows} rows of ${basename(file)} into "${workspace.name}": ` +
        `${result.created} created, ${result.updated} updated, ${result.rejected} rejected`,
    )
  })
}

async function exportTo(
  cli: CliDatabase,
  kind: ExportKind,
  options: { format: ExportFormat; output?: string; dataDir?: string; workspace?: string },
) {
  await cli.withDatabase(options.dataDir, async (db) => {
    const workspace = await cli.resolveWorkspace(db, options.workspace)
    const out = options.output ? createWriteStream(options.output) : process.stdout
    for await (const chunk of exportRecords(db, workspace.id, kind, options.format)) {
      if (!out.write(chunk)) await once(out, 'drain')
    }
    if (options.output) {
      out.end()
      await once(out, 'finish')
    }
  })
}

/** `outpost import people FILE.csv --mapping M.json` and `outpost export people|deals`. */
export function registerImportExportCommands(program: Command, cli: CliDatabase): void {
  program
    .command('import')
    .description('import records from a file')
    .command('people <file>')
    .description(
      'import people from a CSV file (header line first): each row is mapped and deduplicated ' +
        'like an inbound webhook delivery; bad rows are reported with their line and skipped',
    )
    .requiredOption(
      '--mapping <file>',
      'JSON file: {"fullName": "{{Name}}", "primaryEmail": "{{E-mail}}", ...}, or ' +
        '{"mapping": {...}, "dedupe": {...}, "defaultCountry": "BR", "actions": {...}}',
    )
    .addOption(
      new Option('--dedupe <strategy>', 'match existing people by (default: email)').choices([
        'email',
        'phone',
        'composite',
        'none',
      ]),
    )
    .addOption(dataDirOption())
    .addOption(workspaceOption())
    .action((file: string, options) => importPeople(cli, file, options))

  program
    .command('export')
    .description('write every person or deal of a workspace, oldest first, to stdout or a file')
    .addArgument(new Argument('<kind>', 'what to export').choices(['people', 'deals']))
    .addOption(
      new Option('--format <format>', 'file format').choices(['csv', 'ndjson']).default('csv'),
    )
    .option('--output <file>', 'write to this file instead of stdout')
    .addOption(dataDirOption())
    .addOption(workspaceOption())
    .action((kind: ExportKind, options) => exportTo(cli, kind, options))
}
