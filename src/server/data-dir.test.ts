import { describe, expect, it } from 'vitest'
import { defaultDataDir } from './data-dir'

describe('defaultDataDir', () => {
  it("is Electron's userData folder for the app named Outpost on each OS", () => {
    expect(defaultDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/Outpost')
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ana')).toBe('/xdg/Outpost')
    expect(defaultDataDir({}, 'darwin', '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Outpost',
    )
    expect(
      defaultDataDir({ APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'win32', 'C:/Users/ana'),
    ).toMatch(/^C:\/Users\/ana\/AppData\/Roaming.Outpost$/)
  })

  it('OUTPOST_DATA_DIR overrides it', () => {
    expect(defaultDataDir({ OUTPOST_DATA_DIR: '/srv/crm' }, 'linux', '/home/ana')).toBe('/srv/crm')
  })
})
