// Lints both OpenAPI documents with Spectral (.spectral.yaml): `npm run lint:openapi`. The
// documents are those a server started on an empty data folder serves, written to a temp folder.

import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../src/server/server'

/** The documents the server serves, by the file each is written to. */
export const openApiDocuments = [
  { path: '/api/v1/openapi.json', file: 'rest-v1.json' },
  { path: '/api/app/v1/openapi.json', file: 'app-v1.json' },
] as const

/** Writes both documents into `dir` and answers their file paths. */
export async function writeOpenApiDocuments(dir: string): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-openapi-'))
  const server = await startServer({ dataDir, port: 0 })
  try {
    const files: string[] = []
    for (const { path, file } of openApiDocuments) {
      const document: unknown = await (await fetch(server.url + path)).json()
      await writeFile(join(dir, file), JSON.stringify(document, null, 2))
      files.push(join(dir, file))
    }
    return files
  } finally {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('lint-openapi.ts')) {
  const keep = process.argv[2]
  const dir = keep ?? (await mkdtemp(join(tmpdir(), 'outpost-openapi-lint-')))
  try {
    const files = await writeOpenApiDocuments(dir)
    const spectral = spawnSync(
      'spectral',
      ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'error', ...files],
      { stdio: 'inherit', shell: process.platform === 'win32' },
    )
    process.exitCode = spectral.status ?? 1
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true })
  }
}
