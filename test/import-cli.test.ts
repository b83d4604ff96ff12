// `outpost import` and `outpost export` as a user runs them: the mapping inline or in a file,
// import deals, activities and notes, and files that cannot be read or written refused in one line.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuiltCli, runCli } from './support/cli'

let dir: string
const dataDir = () => join(dir, 'data')

beforeAll(() => {
  requireBuiltCli()
  dir = mkdtempSync(join(tmpdir(), 'outpost-import-cli-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** One line on stderr, starting `outpost:`, and exit 1: never a stack trace. */
function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1)
  const lines = result.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^outpost: /)
  expect(lines[0]).toMatch(pattern)
  expect(result.stderr).not.toMatch(/\n\s+at /)
}

describe('outpost import people|deals|activities|notes', () => {
  it('takes --mapping as JSON on the command line, and imports deals by names', async () => {
    const peopleCsv = join(dir, 'people.csv')
    writeFileSync(peopleCsv, 'Name;E-mail;Company\r\nRui Costa;rui@cli.dev;Casa Nova\r\n')
    const people = await runCli([
      'import',
      'people',
      peopleCsv,
      '--mapping',
      '{"fullName": "{{Name}}", "primaryEmail": "{{E-mail}}", "company": "{{Company}}"}',
      '--data-dir',
      dataDir(),
    ])
    expect(people.stderr).toBe('')
    expect(people.code).toBe(0)
    expect(people.stdout).toContain('1 created, 0 updated, 0 rejected')

    const dealsCsv = join(dir, 'deals.csv')
    writeFileSync(
      dealsCsv,
      'Deal,Amount,Funnel,Step,Contact,Firm\n' +
        'Roof repair,"2.000,00",Sales,Qualified,rui@cli.dev,Casa Nova\n' +
        'Nowhere,1,Sales,Qualified,ghost@cli.dev,\n',
    )
    const mapping = join(dir, 'deals.mapping.json')
    writeFileSync(
      mapping,
      JSON.stringify({
        mapping: {
          title: '{{Deal}}',
          value: '{{Amount}}',
          pipeline: '{{Funnel}}',
          stage: '{{Step}}',
          person: '{{Contact}}',
          company: '{{Firm}}',
        },
      }),
    )
    const deals = await runCli([
      'import',
      'deals',
      dealsCsv,
      '--mapping',
      mapping,
      '--data-dir',
      dataDir(),
    ])
    expect(deals.code).toBe(1)
    expect(deals.stdout.trim()).toBe(
      'Imported 2 rows of deals.csv into "My workspace": 1 created, 0 updated, 1 rejected',
    )
    expect(deals.stderr.trim().split('\n')).toEqual([
      'line 3: person "ghost@cli.dev" is the e-mail of nobody in this workspace',
      'outpost: 1 of 2 rows were rejected (each is listed above with its line); fix them and ' +
        'import those rows again',
    ])
    const exported = await runCli(['export', 'deals', '--data-dir', dataDir()])
    const rows = parse(exported.stdout, { columns: true }) as Record<string, string>[]
    expect(rows).toEqual([
      expect.objectContaining({
        title: 'Roof repair',
        value: '2000',
        pipeline: 'Sales',
        stage: 'Qualified',
        person: 'rui@cli.dev',
        company: 'Casa Nova',
      }),
    ])
    // The same rows as an Excel workbook, its value a number.
    const workbook = join(dir, 'deals.xlsx')
    const written = await runCli([
      'export',
      'deals',
      '--format',
      'xlsx',
      '-o',
      workbook,
      '--data-dir',
      dataDir(),
    ])
    expect(written.code, written.stderr).toBe(0)
    const [sheet] = await readXlsxFile(readFileSync(workbook))
    const [header, row] = sheet!.data
    expect(row![header!.indexOf('value')]).toBe(2000)
    expect(row![header!.indexOf('title')]).toBe('Roof repair')
  })

  it('imports a call history onto the people and deals imported before, then exports it', async () => {
    const activitiesCsv = join(dir, 'activities.csv')
    writeFileSync(
      activitiesCsv,
      'Kind,What,When,Done,Who,Deal\n' +
        'call,Asked about the roof,2026-02-10,yes,rui@cli.dev,Roof repair\n' +
        'task,Send the quote,2026-12-01,no,rui@cli.dev,Roof repair\n',
    )
    const activities = await runCli([
      'import',
      'activities',
      activitiesCsv,
      '--mapping',
      '{"type": "{{Kind}}", "subject": "{{What}}", "dueDate": "{{When}}", "done": "{{Done}}", ' +
        '"person": "{{Who}}", "deal": "{{Deal}}"}',
      '--data-dir',
      dataDir(),
    ])
    expect(activities.stderr).toBe('')
    expect(activities.stdout).toContain('2 created, 0 updated, 0 rejected')
    const notesCsv = join(dir, 'notes.csv')
    writeFileSync(notesCsv, 'Text,Who\nLikes green tiles,rui@cli.dev\n')
    const notes = await runCli([
      'import',
      'notes',
      notesCsv,
      '--mapping',
      '{"body": "{{Text}}", "person": "{{Who}}"}',
      '--data-dir',
      dataDir(),
    ])
    expect(notes.stdout).toContain('1 created, 0 updated, 0 rejected')
    const exported = await runCli(['export', 'activities', '--data-dir', dataDir()])
    const rows = parse(exported.stdout, { columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.subject, row.done])).toEqual([
      ['Asked about the roof', 'true'],
      ['Send the quote', 'false'],
    ])
  })

  it('a damaged file: every row imported or rejected by its line, the counts add up', async () => {
    const csv = join(dir, 'damaged.csv')
    writeFileSync(
      csv,
      '\uFEFFName,E-mail\r\n' +
        'Ana "the boss" Souza,boss@damaged.dev\r\n' +
        '"Open Quote,open@damaged.dev\r\n' +
        'After Quote,after@damaged.dev\r\n' +
        '\r\n' +
        'Cut Sho',
    )
    const result = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      '{"fullName": "{{Name}}", "primaryEmail": "{{E-mail}}"}',
      '--data-dir',
      dataDir(),
    ])
    expect(result.code).toBe(1)
    expect(result.stdout.trim()).toBe(
      'Imported 5 rows of damaged.csv into "My workspace": 2 created, 0 updated, 2 rejected, ' +
        '1 blank skipped',
    )
    expect(result.stderr.trim().split('\n')).toEqual([
      'line 3: line 3 opens a quoted value that is never closed',
      'line 6: line 6 has 1 column; the header has 2',
      'outpost: 2 of 5 rows were rejected (each is listed above with its line); fix them and ' +
        'import those rows again',
    ])
  })

  it('a CSV saved by Excel on Windows (Windows-1252) imports with its accents, and says how it was read', async () => {
    const csv = join(dir, 'excel.csv')
    writeFileSync(
      csv,
      Buffer.from('Nom;E-mail\r\nFran\xe7oise M\xfcller;fm@excel.dev\r\n', 'latin1'),
    )
    const imported = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      '{"fullName": "{{Nom}}", "primaryEmail": "{{E-mail}}"}',
      '--data-dir',
      dataDir(),
    ])
    expect(imported.code).toBe(0)
    expect(imported.stderr.trim()).toMatch(
      /^warning: The file is not UTF-8: it was read as Windows-1252/,
    )
    const exported = await runCli(['export', 'people', '--data-dir', dataDir()])
    const rows = parse(exported.stdout, { columns: true }) as {
      fullName: string
      primaryEmail: string
    }[]
    expect(rows.find((row) => row.primaryEmail === 'fm@excel.dev')?.fullName).toBe(
      'Françoise Müller',
    )
  })

  it('a mapping that is not JSON, a CSV that is a folder: one line each', async () => {
    const csv = join(dir, 'any.csv')
    writeFileSync(csv, 'Name\nX\n')
    expectOneLine(
      await runCli([
        'import',
        'people',
        csv,
        '--mapping',
        '{"fullName": ',
        '--data-dir',
        dataDir(),
      ]),
      /--mapping is not valid JSON/,
    )
    expectOneLine(
      await runCli([
        'import',
        'deals',
        csv,
        '--mapping',
        join(dir, 'none.json'),
        '--data-dir',
        dataDir(),
      ]),
      /cannot read the mapping file .*none\.json: no such file or folder/,
    )
    expectOneLine(
      await runCli([
        'import',
        'people',
        dir,
        '--mapping',
        '{"fullName": "{{Name}}"}',
        '--data-dir',
        dataDir(),
      ]),
      /cannot read the CSV file .*: it is a folder, not a file/,
    )
  })
})

describe('outpost export --output', () => {
  it('writes a large export whole, batch after batch, and says nothing on stderr', async () => {
    // Eleven batches of a thousand: each waits for the file to drain, as a slow disk makes it.
    const folder = join(dir, 'large')
    const names = Array.from({ length: 11_000 }, (_, i) => `Person ${i}`)
    writeFileSync(join(dir, 'large.csv'), ['Name', ...names].join('\n'))
    const mapping = '{"fullName": "{{Name}}"}'
    const data = ['--data-dir', folder]
    const imported = await runCli([
      'import',
      'people',
      join(dir, 'large.csv'),
      '--mapping',
      mapping,
      ...data,
    ])
    expect(imported.code).toBe(0)
    const file = join(dir, 'large-export.csv')
    const exported = await runCli(['export', 'people', '--output', file, ...data])
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as { fullName: string }[]
    expect(rows.map((row) => row.fullName)).toEqual(names)
    // A disk that fills: one line.
    expectOneLine(
      await runCli(['export', 'people', '-o', '/dev/full', ...data]),
      /cannot write \/dev\/full: .*no space left on device/i,
    )
  }, 60_000)

  it('a folder that does not exist, a folder, a path under a file: one line, nothing written', async () => {
    expectOneLine(
      await runCli([
        'export',
        'people',
        '--output',
        join(dir, 'missing', 'people.csv'),
        '--data-dir',
        dataDir(),
      ]),
      /cannot write .*people\.csv: no such file or folder \(does the folder .*missing exist\?\)/,
    )
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    expectOneLine(
      await runCli(['export', 'people', '--output', folder, '--data-dir', dataDir()]),
      /cannot write .*a-folder: it is a folder, not a file/,
    )
    const file = join(dir, 'plain.txt')
    writeFileSync(file, 'x')
    expectOneLine(
      await runCli([
        'export',
        'deals',
        '--output',
        join(file, 'deals.csv'),
        '--data-dir',
        dataDir(),
      ]),
      /cannot write .*: a part of the path is not a folder/,
    )
    expect(readFileSync(file, 'utf8')).toBe('x')
  })
})
