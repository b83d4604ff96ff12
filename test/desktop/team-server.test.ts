// The desktop app on a team server (issue 16, point 5): which addresses it accepts, how it tells an
// Outpost server from anything else, and where the choice is kept.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDesktopConfig, saveTeamServer } from '../../src/main/desktop-config'
import { checkTeamServer, teamServerOrigin } from '../../src/main/team-server'
import { startTestServer, type TestServer } from '../support/server'

describe('a team server address', () => {
  it('takes a host name or a full https address, and keeps its origin', () => {
    expect(teamServerOrigin('crm.example.com')).toBe('https://crm.example.com')
    expect(teamServerOrigin(' https://crm.example.com:8443/ ')).toBe('https://crm.example.com:8443')
    expect(teamServerOrigin('http://127.0.0.1:4780')).toBe('http://127.0.0.1:4780')
    expect(teamServerOrigin('http://localhost:4780')).toBe('http://localhost:4780')
  })

  it('refuses plain http to another machine, credentials, paths and other schemes', () => {
    expect(() => teamServerOrigin('http://crm.example.com')).toThrow(/over https/)
    expect(() => teamServerOrigin('https://ana:secret@crm.example.com')).toThrow(/user name/)
    expect(() => teamServerOrigin('https://crm.example.com/people')).toThrow(/without a path/)
    expect(() => teamServerOrigin('ftp://crm.example.com')).toThrow(/https:\/\//)
    expect(() => teamServerOrigin('   ')).toThrow(/Enter/)
    expect(() => teamServerOrigin('https://exa mple.com')).toThrow(/not a web address/)
  })
})

describe('connecting to a team server', () => {
  let team: TestServer
  let other: ReturnType<typeof createServer>
  let otherUrl = ''
  beforeAll(async () => {
    team = await startTestServer()
    other = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end('{"info":{"title":"Some other API"}}')
    })
    await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening))
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await team.close()
    other.close()
  })

  it('accepts a running Outpost server', async () => {
    expect(await checkTeamServer(`${team.url}/`)).toEqual({ origin: team.url })
  })

  it('says so when the address answers but is not Outpost, or does not answer', async () => {
    expect(await checkTeamServer(otherUrl)).toEqual({
      error: `${otherUrl} is not an Outpost server`,
    })
    other.close()
    const gone = await checkTeamServer(otherUrl)
    expect('error' in gone && gone.error).toMatch(/cannot be reached/)
  })
})

describe('where the choice is kept', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-desktop-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('saves the team server in desktop.json beside the port, and forgets it on disconnect', () => {
    writeFileSync(join(dataDir, 'desktop.json'), '{"port": 4800}')
    expect(readDesktopConfig(dataDir, {})).toEqual({ port: 4800, teamServer: null })
    saveTeamServer(dataDir, 'https://crm.example.com')
    expect(readDesktopConfig(dataDir, {})).toEqual({
      port: 4800,
      teamServer: 'https://crm.example.com',
    })
    saveTeamServer(dataDir, null)
    expect(JSON.parse(readFileSync(join(dataDir, 'desktop.json'), 'utf8'))).toEqual({ port: 4800 })
  })

  it('refuses a team server edited into desktop.json by hand that the app would not accept', () => {
    writeFileSync(join(dataDir, 'desktop.json'), '{"teamServer": "http://crm.example.com"}')
    expect(() => readDesktopConfig(dataDir, {})).toThrow(/over https/)
  })
})
