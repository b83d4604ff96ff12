import { describe, expect, it } from 'vitest'
import type { Activity, Company, Deal, Person, Pipeline } from '../api/types'
import { onlyNavigation, paletteCommands, type PaletteActions } from './palette-commands'

const calls: string[] = []
const actions: PaletteActions = {
  go: (path) => calls.push(`go ${path}`),
  logCall: (links, about) => calls.push(`call ${about} ${JSON.stringify(links)}`),
  newTask: (links, about) => calls.push(`task ${about} ${JSON.stringify(links)}`),
  newDeal: (links) => calls.push(`deal ${JSON.stringify(links)}`),
  newRecord: (kind) => calls.push(`new ${kind}`),
  markDone: (activity) => calls.push(`done ${activity.subject}`),
  snooze: (activity, minutes) => calls.push(`snooze ${activity.subject} ${minutes}`),
  moveDeal: (deal, _stageId, stageName) => calls.push(`move ${deal.title} ${stageName}`),
}
const none = { people: [], companies: [], deals: [], activities: [], pipelines: [], settings: [] }
const settings = [
  { path: '/settings/tokens', label: 'API tokens' },
  { path: '/settings/import-export', label: 'Import and export' },
]

describe('paletteCommands', () => {
  it('offers every screen with no text, and those that match as one types', () => {
    expect(paletteCommands('', none, actions).map((command) => command.label)).toEqual([
      'Go to Board',
      'Go to Deals',
      'Go to My work',
      'Go to Forecast',
      'Go to People',
      'Go to Companies',
      'Go to Settings',
    ])
    expect(paletteCommands('comp', none, actions).map((command) => command.label)).toEqual([
      'Go to Companies',
      'New company',
    ])
    // One letter opens the screens whose name starts with it, not every "Go to" with an o.
    const ana = { id: 'p1', fullName: 'Ana Ortiz', companyId: null } as Person
    const short = paletteCommands('o', { ...none, people: [ana] }, actions)
    expect(short[0]!.label).toBe('Ana Ortiz')
    expect(short.filter((command) => command.kind === 'Go to')).toEqual([])
    expect(paletteCommands('p', none, actions).map((command) => command.label)).toEqual([
      'Go to People',
      'New person',
    ])
    expect(paletteCommands('go', none, actions)).toHaveLength(7)
  })

  it('finds a settings section by its own name, never all of them at "settings"', () => {
    const labels = (text: string) =>
      paletteCommands(text, { ...none, settings }, actions).map((command) => command.label)
    expect(labels('token')).toEqual(['Go to Settings › API tokens'])
    expect(labels('import')).toEqual(['Go to Settings › Import and export'])
    expect(labels('sett')).toEqual(['Go to Settings'])
    paletteCommands('token', { ...none, settings }, actions)[0]!.run()
    expect(calls.splice(0)).toEqual(['go /settings/tokens'])
  })

  it('offers a new deal, person or company as its name is typed, to those who may add', () => {
    const commands = paletteCommands('new', none, actions)
    expect(commands.map((command) => command.label)).toEqual([
      'New deal',
      'New person',
      'New company',
    ])
    for (const command of commands) command.run()
    expect(calls.splice(0)).toEqual(['deal {}', 'new person', 'new company'])
    expect(onlyNavigation(commands)).toEqual([])
  })

  it('offers what can be done to each person, deal and activity found', () => {
    const ana = { id: 'p1', fullName: 'Ana Lima', companyId: 'c1' } as Person
    const pipeline = {
      id: 'pl',
      stages: [
        { id: 's1', name: 'Lead', type: 'open' },
        { id: 's2', name: 'Proposal', type: 'open' },
        { id: 's3', name: 'Won', type: 'won' },
        { id: 's4', name: 'Lost', type: 'lost' },
      ],
    } as Pipeline
    const deal = { id: 'd1', title: 'Ana plan', pipelineId: 'pl', stageId: 's1' } as Deal
    const call = { id: 'a1', subject: 'Call Ana' } as Activity
    const acme = { id: 'c1', name: 'Ana Acme' } as Company
    const commands = paletteCommands(
      'ana',
      {
        ...none,
        people: [ana],
        companies: [acme],
        deals: [deal],
        activities: [call],
        pipelines: [pipeline],
      },
      actions,
    )
    // The records first, then what can be done to each: a name typed finds them on top.
    expect(commands.map((command) => command.label)).toEqual([
      'Ana Lima',
      'Ana Acme',
      'Ana plan',
      'Log a call with Ana Lima',
      'New task for Ana Lima',
      'New deal for Ana Lima',
      'Log a call with Ana Acme',
      'New task for Ana Acme',
      'New deal for Ana Acme',
      'Log a call with Ana plan',
      'New task for Ana plan',
      'Move Ana plan to Proposal',
      'Move Ana plan to Won',
      'Mark done: Call Ana',
      'Snooze 1 hour: Call Ana',
      'Snooze until tomorrow: Call Ana',
    ])
    for (const command of commands) command.run()
    expect(calls).toEqual([
      'go /people/p1',
      'go /companies/c1',
      'go /deals/d1',
      'call Ana Lima {"personIds":["p1"]}',
      'task Ana Lima {"personIds":["p1"]}',
      'deal {"personId":"p1","companyId":"c1"}',
      'call Ana Acme {"companyId":"c1"}',
      'task Ana Acme {"companyId":"c1"}',
      'deal {"companyId":"c1"}',
      'call Ana plan {"dealId":"d1"}',
      'task Ana plan {"dealId":"d1"}',
      'move Ana plan Proposal',
      'move Ana plan Won',
      'done Call Ana',
      'snooze Call Ana 60',
      'snooze Call Ana 1440',
    ])
    // A read-only member is offered only where to go.
    expect(onlyNavigation(commands).map((command) => command.label)).toEqual([
      'Ana Lima',
      'Ana Acme',
      'Ana plan',
    ])
  })
})
