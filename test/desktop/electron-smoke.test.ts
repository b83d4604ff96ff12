import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { _electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { requireBuiltCli } from '../support/cli'

/**
 * The Electron binary, where it was downloaded (a developer's laptop); null here, where it cannot
 * be. Read from the package's path.txt rather than require('electron'), which would start a
 * download of its own.
 */
function electronBinary(): string | null {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'))
  return existsSync(binary) ? binary : null
}

const binary = electronBinary()
if (!binary) {
  console.warn(
    'Electron smoke test NOT RUN: the Electron binary is not installed here (npx install-electron fetches it).',
  )
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('the desktop app (Electron)', () => {
  it.skipIf(!binary)(
    'starts the embedded server and shows the UI in an isolated, sandboxed window',
    async () => {
      requireBuiltCli()
      const dataDir = mkdtempSync(join(tmpdir(), 'outpost-electron-'))
      const port = await freePort()
      const app = await _electron.launch({
        executablePath: binary!,
        args: ['out/main/index.js'],
        env: { ...process.env, OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: String(port) },
      })
      try {
        const window = await app.firstWindow()
        await window.waitForLoadState('domcontentloaded')
        expect(window.url()).toBe(`http://127.0.0.1:${port}/`)
        expect(
          await window.evaluate(() => typeof (globalThis as { require?: unknown }).require),
        ).toBe('undefined')
        expect(
          await window.evaluate(
            () =>
              typeof (globalThis as { outpost?: { sessionSecret?: string } }).outpost
                ?.sessionSecret,
          ),
        ).toBe('string')
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)
        expect(response.status).toBe(200)
      } finally {
        await app.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})
