import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { readDesktopConfig, startupFailureMessage } from '../../src/main/desktop-config'
import { desktopCatalogues, setDesktopLanguage } from '../../src/main/desktop-i18n'
import { ipcChannels, trustedSender } from '../../src/main/ipc'
import { decideNavigation, permissionAllowed } from '../../src/main/navigation'
import { reminderActions, reminderNotification } from '../../src/main/reminders'
import { webhookAlertNotification } from '../../src/main/webhook-alerts'
import { quickAddPath, trayMenuTemplate, tunnelLabel } from '../../src/main/tray-menu'
import type { Activity } from '../../src/server/activities/schema'
import { mainWindowOptions } from '../../src/main/window-options'
import { systemLanguage } from '../../src/shared/languages'
import type { TunnelState } from '../../src/shared/tunnel'

const origin = 'http://127.0.0.1:4780'
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('the main window', () => {
  it('runs the renderer sandboxed and isolated, without Node.js or webviews', () => {
    const { webPreferences } = mainWindowOptions('/app/out/preload/index.cjs')
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })
})

describe('navigation rules', () => {
  it('keeps pages of the app in the window', () => {
    expect(decideNavigation(`${origin}/people/42`, origin)).toBe('in-app')
  })

  it('opens web and mail links in the system browser', () => {
    for (const url of [
      'https://example.com/x',
      'http://other.test',
      'mailto:ana@acme.com',
      'tel:+5511912345678',
    ]) {
      expect(decideNavigation(url, origin), url).toBe('external')
    }
    // Another port on the same machine is another origin: a browser tab, not the app window.
    expect(decideNavigation('http://127.0.0.1:9999/', origin)).toBe('external')
  })

  it('refuses everything else', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'outpost://x',
      'not a url',
      'data:text/html,hi',
    ]) {
      expect(decideNavigation(url, origin), url).toBe('blocked')
    }
  })

  it('grants only clipboard writes, only to the app', () => {
    expect(permissionAllowed('clipboard-sanitized-write', `${origin}/settings`, origin)).toBe(true)
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.test', origin)).toBe(false)
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      expect(permissionAllowed(permission, origin, origin), permission).toBe(false)
    }
  })

  it('answers IPC only to pages of the app', () => {
    expect(trustedSender(`${origin}/`, origin)).toBe(true)
    expect(trustedSender('https://evil.test/', origin)).toBe(false)
    expect(trustedSender(undefined, origin)).toBe(false)
    expect(Object.values(ipcChannels).every((channel) => channel.startsWith('outpost:'))).toBe(true)
  })
})

describe('desktop settings', () => {
  function dataDir(config?: object) {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-desktop-'))
    dirs.push(dir)
    if (config) writeFileSync(join(dir, 'desktop.json'), JSON.stringify(config))
    return dir
  }

  it('listens on 4780 unless desktop.json or OUTPOST_PORT says otherwise', () => {
    expect(readDesktopConfig(dataDir(), {})).toEqual({ port: 4780, teamServer: null })
    expect(readDesktopConfig(dataDir({ port: 5000 }), {})).toEqual({ port: 5000, teamServer: null })
    expect(readDesktopConfig(dataDir({ port: 5000 }), { OUTPOST_PORT: '6000' })).toEqual({
      port: 6000,
      teamServer: null,
    })
  })

  it('a bad port is reported, not guessed', () => {
    expect(() => readDesktopConfig(dataDir({ port: 'x' }), {})).toThrow(
      /desktop.json: port must be/,
    )
    expect(() => readDesktopConfig(dataDir(), { OUTPOST_PORT: '70000' })).toThrow(/OUTPOST_PORT/)
  })

  it('a port in use is explained with what to do about it', () => {
    const message = startupFailureMessage(
      new Error('port 4780 on 127.0.0.1 is already in use; pick another with --port'),
      '/data',
    )
    expect(message).toMatch(/already in use/)
    expect(message).toMatch(/\/data\/desktop\.json/)
    expect(message).toMatch(/OUTPOST_PORT/)
  })
})

const tunnelOff: TunnelState = {
  status: 'off',
  provider: null,
  publicUrl: null,
  lastError: null,
  failures: 0,
  nextAttemptAt: null,
}
const noop = () => {}
const noActions = {
  openWindow: noop,
  quickAdd: noop,
  copyApiUrl: noop,
  toggleTunnel: noop,
  openDataFolder: noop,
  quit: noop,
}

describe('tray menu', () => {
  it('shows the API URL and the tunnel state', () => {
    const menu = trayMenuTemplate(origin, tunnelOff, noActions)
    expect(menu[0]!.label).toBe('API: http://127.0.0.1:4780/api/v1')
    expect(menu.map((item) => item.label)).toContain('Tunnel: off')
    expect(menu.map((item) => item.label)).toContain('Turn tunnel on')
    expect(menu.map((item) => item.label)).toContain('New task…')
    expect(quickAddPath).toBe('/my-work?new=task')
  })

  it('names each tunnel state', () => {
    expect(tunnelLabel({ ...tunnelOff, status: 'connecting', provider: 'ngrok' })).toBe(
      'Tunnel: connecting (ngrok)…',
    )
    expect(
      tunnelLabel({ ...tunnelOff, status: 'connected', publicUrl: 'https://acme.loca.lt' }),
    ).toBe('Tunnel: https://acme.loca.lt')
    expect(tunnelLabel({ ...tunnelOff, status: 'reconnecting', lastError: 'offline' })).toBe(
      'Tunnel: reconnecting (offline)',
    )
    const on = trayMenuTemplate(
      origin,
      { ...tunnelOff, status: 'connected', publicUrl: 'https://a.loca.lt' },
      noActions,
    )
    expect(on.map((item) => item.label)).toContain('Turn tunnel off')
  })
})

describe('reminder notifications', () => {
  const activity = (subject: string, links: Partial<Activity> = {}) =>
    ({ id: `id-${subject}`, subject, dealId: null, personIds: [], ...links }) as Activity

  it('one reminder names its activity, opens its record and can be done or snoozed', () => {
    expect(reminderNotification([activity('Call Ana', { personIds: ['p1'] })])).toEqual({
      title: 'Reminder',
      body: 'Call Ana',
      path: '/people/p1',
      activityId: 'id-Call Ana',
    })
    expect(reminderNotification([activity('Demo', { dealId: 'd1', personIds: ['p1'] })]).path).toBe(
      '/deals/d1',
    )
    expect(reminderActions()).toEqual(['Done', 'Snooze 10 min'])
  })

  it('reminders missed while the laptop slept make one "N overdue" notice', () => {
    const now = new Date('2026-11-25T09:00:00Z')
    const missed = ['Call Ana', 'Send the proposal', 'Demo'].map((subject, index) =>
      activity(subject, { remindAt: `2026-11-24T1${index}:00:00.000Z` }),
    )
    expect(reminderNotification(missed, now)).toEqual({
      title: '3 overdue',
      body: 'Call Ana, Send the proposal, Demo',
      path: '/my-work',
    })
    // Two that come due together, on time, are due, not overdue.
    const onTime = ['A', 'B'].map((subject) => activity(subject, { remindAt: now.toISOString() }))
    expect(reminderNotification(onTime, now).title).toBe('2 reminders due')
  })

  it('several at once (back from sleep) make one notice that opens My work', () => {
    const due = ['A', 'B', 'C', 'D'].map((subject) => activity(subject))
    expect(reminderNotification(due)).toEqual({
      title: '4 reminders due',
      body: 'A, B, C, …',
      path: '/my-work',
    })
  })
})

describe('outbound webhook alerts', () => {
  const alert = {
    tenantId: 't',
    subscriptionId: 'sub-1',
    url: 'https://erp.example.com/hooks',
    description: null,
    since: '2026-11-25T09:00:00.000Z',
  }

  it('a failing subscription and a stopped one each say what and open the subscription', () => {
    const failing = webhookAlertNotification({ ...alert, kind: 'failing', reason: null }, 'en-US')
    expect(failing.title).toBe('Outbound webhook failing')
    expect(failing.body).toMatch(
      /^https:\/\/erp\.example\.com\/hooks has failed every delivery since /,
    )
    expect(failing.path).toBe('/settings/outbound/sub-1')
    const stopped = webhookAlertNotification(
      { ...alert, kind: 'disabled', reason: 'The endpoint answered 410 Gone' },
      'en-US',
    )
    expect(stopped).toEqual({
      title: 'Outbound webhook stopped',
      body: 'https://erp.example.com/hooks: The endpoint answered 410 Gone',
      path: '/settings/outbound/sub-1',
    })
  })
})

describe('the desktop in Portuguese', () => {
  afterEach(() => setDesktopLanguage('en'))

  it('starts in the system language when Outpost speaks it, else English', () => {
    expect(systemLanguage(['pt-BR', 'en-US'])).toBe('pt-BR')
    expect(systemLanguage(['pt_PT'])).toBe('pt-BR')
    expect(systemLanguage(['de-DE', 'en-GB'])).toBe('en')
    expect(systemLanguage(['ja'])).toBe('en')
  })

  it('the tray and the reminders speak the language the user picked', () => {
    setDesktopLanguage('pt-BR')
    const labels = trayMenuTemplate(origin, tunnelOff, noActions).map((item) => item.label)
    expect(labels).toContain('Nova tarefa…')
    expect(labels).toContain('Túnel: desligado')
    expect(labels).toContain('Sair do Outpost')
    expect(reminderActions()).toEqual(['Concluir', 'Adiar 10 min'])
    const one = { id: 'a', subject: 'Ligar para Ana', dealId: null, personIds: [] } as never
    expect(reminderNotification([one]).title).toBe('Lembrete')
    expect(reminderNotification([one, one]).title).toBe('2 lembretes vencendo')
  })

  it('has every English string in Portuguese too', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [prefix + key] : keys(value as object, `${prefix}${key}.`),
      )
    expect(keys(desktopCatalogues['pt-BR'])).toEqual(keys(desktopCatalogues.en))
  })
})
