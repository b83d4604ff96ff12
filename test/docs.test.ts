import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bin, requireBuiltCli, serve, type Serving } from './support/cli'

// The README's quick start and REST walk-through, docs/inbound.md and docs/sync.md, run as a user runs them: in a
// second terminal, in the folder where `npm start` serves ./.outpost-demo, pasting each ```sh
// block in turn into one shell. The only help the shell gets: `npx outpost` (and `outpost`) run
// this build of the CLI, and curl fails on an HTTP error (--fail-with-body) so that a command that
// answers 401 or 422 fails its block.
//
// A block the test must not run is marked on the line before it, in an HTML comment GitHub does
// not show: `<!-- docs-test: skip (why) -->` for synopses and placeholders, and
// `<!-- docs-test: errors -->` for examples of error answers, whose `# 422 {"error":{"code":...}}`
// comments must then match what the commands answer.

interface Block {
  line: number
  code: string
  mark: 'run' | 'skip' | 'errors'
}

/** The ```sh blocks of a Markdown text, with the mark of the comment before each. */
function shellBlocks(markdown: string, firstLine = 1): Block[] {
  const lines = markdown.split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash)\s*$/.test(lines[i]!)) continue
    const start = i
    const code: string[] = []
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) code.push(lines[i]!)
    let before = start - 1
    while (before >= 0 && lines[before]!.trim() === '') before--
    const comment = lines[before]?.match(/^<!-- docs-test: (skip|errors)\b.*-->$/)
    const mark = (comment?.[1] as Block['mark'] | undefined) ?? 'run'
    blocks.push({ line: firstLine + start, code: code.join('\n'), mark })
  }
  return blocks
}

function section(markdown: string, heading: string): { text: string; firstLine: number } {
  const start = markdown.indexOf(`\n${heading}\n`)
  expect(start, heading).toBeGreaterThanOrEqual(0)
  const end = markdown.indexOf('\n## ', start + heading.length + 2)
  return {
    text: markdown.slice(start + 1, end < 0 ? undefined : end),
    firstLine: markdown.slice(0, start + 1).split('\n').length,
  }
}

const preamble = `set -euo pipefail
npx() { if [ "$1" = outpost ]; then shift; node "$OUTPOST_BIN" "$@"; else command npx "$@"; fi; }
outpost() { node "$OUTPOST_BIN" "$@"; }
curl() { command curl --fail-with-body --show-error "$@"; }
`

/** One shell script running the blocks in order, saying on stderr which block it is in. */
function script(file: string, blocks: Block[]): string {
  const parts = [preamble]
  for (const block of blocks) {
    if (block.mark === 'skip') continue
    parts.push(`echo "--- ${file}:${block.line}" >&2`)
    if (block.mark === 'run') {
      parts.push(block.code)
      continue
    }
    // Error examples: run without failing on the status, and find each documented error code.
    const codes = [...block.code.matchAll(/^# \d{3} .*"code":"([a-z_]+)"/gm)].map((m) => m[1]!)
    expect(codes.length, `${file}:${block.line} documents no error code`).toBeGreaterThan(0)
    parts.push(
      `answers=$(curl() { command curl --show-error "$@"; echo; }; set +e\n${block.code}\n)`,
      ...codes.map(
        (code) =>
          `grep -q '"code":"${code}"' <<<"$answers" || { echo "no ${code} in: $answers" >&2; exit 1; }`,
      ),
    )
  }
  return parts.join('\n')
}

function bash(
  code: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', code], { cwd, env })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.once('exit', (exitCode) => done({ code: exitCode, out }))
  })
}

const read = (file: string) => readFileSync(resolve(file), 'utf8')

const docs: { file: string; blocks: () => Block[] }[] = [
  {
    file: 'README.md',
    blocks: () =>
      ['## Quick start', '## The REST API, by example'].flatMap((heading) => {
        const part = section(read('README.md'), heading)
        return shellBlocks(part.text, part.firstLine)
      }),
  },
  { file: 'docs/inbound.md', blocks: () => shellBlocks(read('docs/inbound.md')) },
  { file: 'docs/sync.md', blocks: () => shellBlocks(read('docs/sync.md')) },
]

let checkout: string
let env: NodeJS.ProcessEnv
let server: Serving

beforeAll(async () => {
  requireBuiltCli()
  // A stand-in for the checkout: its examples, and the demo folder npm start makes.
  checkout = mkdtempSync(join(tmpdir(), 'outpost-docs-'))
  // A copy, not a link: a script run through a symbolic link does not see itself as the main module.
  cpSync(resolve('examples'), join(checkout, 'examples'), { recursive: true })
  env = { ...process.env, HOME: checkout, OUTPOST_BIN: bin }
  for (const name of Object.keys(env)) {
    if (name.startsWith('OUTPOST_') && name !== 'OUTPOST_BIN') delete env[name]
  }
  // What `npm start` runs, on a free port.
  server = await serve(['--demo', '--data-dir', '.outpost-demo', '--port', '0'], env, checkout)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(checkout, { recursive: true, force: true })
})

describe('the documentation runs as written', () => {
  it('finds the blocks and their marks', () => {
    const blocks = shellBlocks(
      'a\n\n<!-- docs-test: skip (synopsis) -->\n\n```sh\nx [y]\n```\n```sh\ny\n```\n',
    )
    expect(blocks).toEqual([
      { line: 5, code: 'x [y]', mark: 'skip' },
      { line: 8, code: 'y', mark: 'run' },
    ])
  })

  for (const doc of docs) {
    it(`every shell block of ${doc.file} succeeds against a server started like npm start`, async () => {
      const blocks = doc.blocks()
      expect(blocks.filter((block) => block.mark === 'run').length).toBeGreaterThan(0)
      const result = await bash(script(doc.file, blocks), checkout, env)
      expect(result.code, result.out).toBe(0)
    }, 120_000)
  }
})
