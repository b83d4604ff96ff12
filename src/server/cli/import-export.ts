import { Argument, Option, type Command } from 'commander'
import type { DedupeStrategy } from '../db/database'
import type { ExportKind } from '../imports/export'
import type { CliDatabase, ImportCommandOptions } from './import-export-actions'
import { dataDirOption } from './options'

// Only the commands' shape is here; their work is imported when one runs (see main.ts).
const actions = () => import('./import-export-actions')

const workspaceOption = () =>
  new Option('--workspace <name>', 'workspace to work in (default: the first one)')

const mappingHelp = (example: string) =>
  `the mapping, as JSON (${example}) or as the name of a JSON file holding it`

/**
 * `outpost import people|deals|activities|notes FILE.csv --mapping M` and
 * `outpost export people|deals|activities|notes`.
 */
export function registerImportExportCommands(program: Command, cli: CliDatabase): void {
  const imports = program.command('import').description('import records from a CSV file')
  imports
    .command('people <file>')
    .description(
      'import people from a CSV file (header line first): each row is mapped and deduplicated ' +
        'like an inbound webhook delivery; bad rows are reported with their line, and the ' +
        'command fails (exit 1) when any row was rejected',
    )
    .requiredOption(
      '--mapping <json-or-file>',
      mappingHelp(`'{"fullName": "{{Name}}", "primaryEmail": "{{E-mail}}"}'`) +
        '; or {"mapping": {...}, "dedupe": {...}, "defaultCountry": "BR", "actions": {...}}',
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
    .action(async (file: string, options: ImportCommandOptions & { dedupe?: DedupeStrategy }) =>
      (await actions()).importPeople(cli, file, options),
    )

  const named = [
    {
      kind: 'deals',
      description:
        'import deals from a CSV file (header line first): pipeline and stage by name, person by ' +
        'e-mail, company, owner and lost reason by name',
      example: `'{"title": "{{Title}}", "pipeline": "{{Pipeline}}", "stage": "{{Stage}}"}'`,
    },
    {
      kind: 'activities',
      description:
        'import activities (calls, meetings, tasks; done or to do) from a CSV file: person by ' +
        'e-mail, deal by title, company and assignee by name',
      example: `'{"type": "{{Type}}", "subject": "{{Subject}}", "dueDate": "{{Date}}", "done": "{{Done}}", "person": "{{E-mail}}"}'`,
    },
    {
      kind: 'notes',
      description:
        'import notes from a CSV file: person by e-mail, deal by title, company and author by ' +
        'name, notedAt to back-date them',
      example: `'{"body": "{{Note}}", "person": "{{E-mail}}", "notedAt": "{{Date}}"}'`,
    },
  ] as const
  for (const { kind, description, example } of named) {
    imports
      .command(`${kind} <file>`)
      .description(
        `${description}; a row whose names match nothing is rejected with its line, and the ` +
          'command fails (exit 1) when any row was rejected',
      )
      .requiredOption('--mapping <json-or-file>', mappingHelp(example))
      .addOption(dataDirOption())
      .addOption(workspaceOption())
      .action(async (file: string, options: ImportCommandOptions) =>
        (await actions()).importNamed(cli, kind, file, options),
      )
  }

  program
    .command('export')
    .description(
      'write every person, deal, activity or note of a workspace, oldest first, to stdout or a file',
    )
    // Written out rather than imported: the export module loads the app, which --help must not.
    .addArgument(
      new Argument('<kind>', 'what to export').choices(['people', 'deals', 'activities', 'notes']),
    )
    .addOption(
      new Option('--format <format>', 'file format: xlsx is an Excel workbook')
        .choices(['csv', 'xlsx', 'ndjson'])
        .default('csv'),
    )
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .addOption(dataDirOption())
    .addOption(workspaceOption())
    .action(async (kind: ExportKind, options) => (await actions()).exportTo(cli, kind, options))
}
