import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// electron-builder's own loader and validator: the checks `electron-builder` runs before it packages.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'

async function loadConfig() {
  return getConfig(process.cwd(), null, null)
}

function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(path)
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe('packaging (electron-builder.yml)', () => {
  it('is a valid electron-builder configuration', async () => {
    await expect(
      validateConfiguration(await loadConfig(), new DebugLogger(false)),
    ).resolves.toBeUndefined()
  })

  it('the validator is real: it rejects a configuration with a mistake', async () => {
    const config = await loadConfig()
    await expect(
      validateConfiguration(
        { ...config, linux: { ...config.linux, targetz: 'deb' } } as never,
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration/)
  })

  it('targets AppImage and deb, dmg, and nsis', async () => {
    const config = await loadConfig()
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.mac?.target).toEqual(['dmg'])
    expect(config.win?.target).toEqual(['nsis'])
  })

  it('rebuilds the native module for Electron and keeps it outside the asar', async () => {
    const config = await loadConfig()
    expect(config.npmRebuild).toBe(true)
    expect(config.asarUnpack).toContain('**/*.node')
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
    expect(Object.keys(pkg.dependencies)).toContain('better-sqlite3')
    expect(pkg.main).toBe('out/main/index.js')
  })

  it('ships the built app and an icon electron-builder can convert for every platform', async () => {
    const config = await loadConfig()
    // electron-builder normalises `files` into filter objects as it loads them.
    expect(JSON.stringify(config.files)).toContain('"out/**"')
    // The main process loads its window and tray icons from resources/ beside out/.
    expect(JSON.stringify(config.files)).toContain('"resources/**"')
    expect(config.directories?.buildResources).toBe('resources')
    const { width, height } = pngSize('resources/icon.png')
    expect(width).toBeGreaterThanOrEqual(512)
    expect(width).toBe(height)
  })
})
