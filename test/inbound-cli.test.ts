import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bin, requireBuiltCli, runCli } from './support/cli'

const fixtures = resolve('test/fixtures/inbound')
const csv = join(fixtures, 'people-import.csv')
const mapping = join(fixtures, 'people-import.mapping.json')
const dirs: string[] = []

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-inbound-cli-'))
  dirs.push(dir)
  return dir
}

function hasScript(): boolean {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

beforeAll(() => requireBuiltCli())
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('outpost import people FILE.csv --mapping M.json', () => {
  it('imports in one pass, prints the counts on stdout and each rejected line on stderr', async () => {
    const dataDir = tempDir()
    const { code, stdout, stderr } = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      mapping,
      '--data-dir',
      dataDir,
    ])
    // A partial import is a failure for a script: exit 1, the reason last.
    expect(code).toBe(1)
    expect(stdout.trim()).toBe(
      'Imported 9 rows of people-import.csv into "My workspace": 4 created, 1 updated, 4 rejected',
    )
    expect(stderr.trim().split('\n')).toEqual([
      'warning: line 6 updated the person line 2 created: the file has them twice, and the ' +
        'later line stands',
      'line 4: primaryEmail "not-an-email" is not an e-mail address',
      'line 5: fullName is required, and the mapping gave it no value from this payload',
      'line 9: line 9 has 6 columns; the header has 5',
      'line 10: primaryPhone "phone?" is not a valid phone number',
      'outpost: 4 of 9 rows were rejected (each is listed above with its line); fix them and ' +
        'import those rows again',
    ])
    const again = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      mapping,
      '--data-dir',
      dataDir,
    ])
    expect(again.stdout).toContain('0 created, 5 updated, 4 rejected')
  })

  it('--dedupe overrides the strategy of the mapping file', async () => {
    const dataDir = tempDir()
    const file = join(dataDir, 'twice.csv')
    writeFileSync(file, 'Name,Phone\nIvo,11 98888-1111\nIvo Silva,(11) 98888-1111\n')
    const phone = await runCli([
      'import',
      'people',
      file,
      '--mapping',
      mapping,
      '--dedupe',
      'phone',
      '--data-dir',
      dataDir,
    ])
    expect(phone.stdout).toContain('1 created, 1 updated, 0 rejected')
    const none = await runCli([
      'import',
      'people',
      file,
      '--mapping',
      mapping,
      '--dedupe',
      'none',
      '--data-dir',
      dataDir,
    ])
    expect(none.stdout).toContain('2 created, 0 updated, 0 rejected')
  })

  it('imports into the workspace named by --workspace', async () => {
    const dataDir = tempDir()
    // The first workspace is the default: create it, then the one to import into.
    await runCli(['workspace', 'list', '--data-dir', dataDir])
    await runCli(['workspace', 'create', 'Imports', '--data-dir', dataDir])
    const { stdout } = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      mapping,
      '--workspace',
      'Imports',
      '--data-dir',
      dataDir,
    ])
    expect(stdout).toContain('into "Imports"')
    const main = await runCli(['export', 'people', '--format', 'ndjson', '--data-dir', dataDir])
    expect(main.stdout).toBe('')
    const imports = await runCli([
      'export',
      'people',
      '--workspace',
      'Imports',
      '--data-dir',
      dataDir,
    ])
    expect(parse(imports.stdout, { columns: true })).toHaveLength(4)
  })

  it('a mapping file that is not a mapping, or a missing CSV: one line on stderr, exit 1', async () => {
    const dataDir = tempDir()
    const bad = join(dataDir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ mapping: { nickname: '{{Name}}' } }))
    const badTarget = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      bad,
      '--data-dir',
      dataDir,
    ])
    expect(badTarget.code).toBe(1)
    expect(badTarget.stderr.trim()).toBe('outpost: mapping.nickname is not a field Outpost can map')
    writeFileSync(bad, '[1, 2]')
    const notMapping = await runCli([
      'import',
      'people',
      csv,
      '--mapping',
      bad,
      '--data-dir',
      dataDir,
    ])
    expect(notMapping.code).toBe(1)
    expect(notMapping.stderr.trim().split('\n')).toHaveLength(1)
    const missing = await runCli([
      'import',
      'people',
      join(dataDir, 'nope.csv'),
      '--mapping',
      mapping,
      '--data-dir',
      dataDir,
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^outpost: cannot read .*nope\.csv/)
  })

  it.skipIf(!hasScript())('draws a progress bar with the counts on a terminal', () => {
    const dataDir = tempDir()
    const file = join(dataDir, 'many.csv')
    const rows = ['Name,E-mail']
    for (let i = 0; i < 20_000; i += 1) rows.push(i === 700 ? 'Bad,bad' : `P ${i},p${i}@gmail.com`)
    writeFileSync(file, rows.join('\n') + '\n')
    const command = [
      process.execPath,
      bin,
      'import',
      'people',
      file,
      '--mapping',
      mapping,
      '--data-dir',
      dataDir,
    ]
    // `script` runs the command on a pseudo-terminal, where the bar is drawn. One row is
    // rejected, so the command (and script, with -e) exits 1.
    let output = ''
    try {
      execFileSync('script', ['-qfec', command.join(' '), '/dev/null'], {
        encoding: 'utf8',
        timeout: 60_000,
      })
    } catch (error) {
      output = String((error as { stdout: string }).stdout)
    }
    // cli-progress redraws the line by moving the cursor to column 1 (ESC [1G).
    const frames = output
      .split(new RegExp(`\r|${String.fromCharCode(27)}\\[1G`))
      .filter((frame) => frame.startsWith('Importing'))
    // The bar redraws ten times a second, so which counts it shows depends on speed: 20,000
    // rows take long enough to show at least one between the first and the last.
    const counts = frames.map((frame) => Number(/ (\d+)\/20000 rows/.exec(frame)?.[1]))
    expect(counts.some((count) => count > 0 && count < 20_000)).toBe(true)
    expect(frames.at(-1)).toContain(
      '100% | 20000/20000 rows | 19999 created, 0 updated, 1 rejected',
    )
    expect(output).toContain('line 702: primaryEmail "bad" is not an e-mail address')
  })
})

describe('outpost export people|deals', () => {
  it('writes CSV to stdout, NDJSON with --format ndjson, and to a file with --output', async () => {
    const dataDir = tempDir()
    await runCli(['import', 'people', csv, '--mapping', mapping, '--data-dir', dataDir])
    const csvOut = await runCli(['export', 'people', '--data-dir', dataDir])
    expect(csvOut.code).toBe(0)
    const rows: Record<string, string>[] = parse(csvOut.stdout, { columns: true })
    expect(rows.map((row) => row.fullName)).toEqual([
      'Ana Souza',
      'Bruno Lima',
      'Dora Multiline',
      'Gil Prado',
    ])
    expect(rows[0]).toMatchObject({
      primaryEmail: 'ana@padaria-central.com.br',
      tags: 'vip, import, returning',
      'customFields.companySize': '10-50',
    })
    const ndjson = await runCli(['export', 'people', '--format', 'ndjson', '--data-dir', dataDir])
    const people = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(people.map((person) => person.id)).toEqual(rows.map((row) => row.id))
    const file = join(dataDir, 'deals.csv')
    const deals = await runCli(['export', 'deals', '--output', file, '--data-dir', dataDir])
    expect(deals.code).toBe(0)
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^id,title,value,currency,/)
  })

  it('refuses what it cannot export, and formats other than csv, xlsx and ndjson', async () => {
    expect((await runCli(['export', 'companies'])).code).not.toBe(0)
    expect((await runCli(['export', 'people', '--format', 'xls'])).code).not.toBe(0)
  })
})
