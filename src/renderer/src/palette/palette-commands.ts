import type { Activity, Company, Deal, Person, Pipeline } from '../api/types'

/** One line of the palette: what it says, and what Enter does. */
export interface Command {
  id: string
  label: string
  /** A second word: the kind of thing ("Person", "Go to"). */
  kind: string
  run(): void
}

export interface PaletteActions {
  go(path: string): void
  logCall(person: Person): void
  newTask(links: { personIds?: string[]; dealId?: string; companyId?: string }, about: string): void
  markDone(activity: Activity): void
  snooze(activity: Activity, minutes: number): void
  moveDeal(deal: Deal, stageId: string, stageName: string): void
}

const screens: [label: string, path: string][] = [
  ['Board', '/board'],
  ['Deals', '/deals'],
  ['My work', '/my-work'],
  ['Forecast', '/forecast'],
  ['People', '/people'],
  ['Companies', '/companies'],
  ['Settings', '/settings'],
]

export interface Found {
  people: Person[]
  companies: Company[]
  deals: Deal[]
  activities: Activity[]
  pipelines: Pipeline[]
}

const contains = (text: string, query: string) =>
  text.toLocaleLowerCase().includes(query.toLocaleLowerCase())

/**
 * What the palette offers for `text`: the screens whose name matches, then each person, company,
 * deal and open activity found with what can be done to it.
 */
export function paletteCommands(text: string, found: Found, actions: PaletteActions): Command[] {
  const query = text.trim()
  const commands: Command[] = screens
    .filter(([label]) => !query || contains(`go to ${label}`, query))
    .map(([label, path]) => ({
      id: `go:${path}`,
      label: `Go to ${label}`,
      kind: 'Go to',
      run: () => actions.go(path),
    }))
  if (!query) return commands
  for (const person of found.people) {
    commands.push(
      {
        id: `person:${person.id}`,
        label: person.fullName,
        kind: 'Person',
        run: () => actions.go(`/people/${person.id}`),
      },
      {
        id: `call:${person.id}`,
        label: `Log a call with ${person.fullName}`,
        kind: 'Action',
        run: () => actions.logCall(person),
      },
      {
        id: `task:${person.id}`,
        label: `New task for ${person.fullName}`,
        kind: 'Action',
        run: () => actions.newTask({ personIds: [person.id] }, person.fullName),
      },
    )
  }
  for (const company of found.companies) {
    commands.push({
      id: `company:${company.id}`,
      label: company.name,
      kind: 'Company',
      run: () => actions.go(`/companies/${company.id}`),
    })
  }
  for (const deal of found.deals) {
    commands.push({
      id: `deal:${deal.id}`,
      label: deal.title,
      kind: 'Deal',
      run: () => actions.go(`/deals/${deal.id}`),
    })
    const pipeline = found.pipelines.find((item) => item.id === deal.pipelineId)
    for (const stage of pipeline?.stages ?? []) {
      if (stage.id === deal.stageId || stage.type === 'lost') continue
      commands.push({
        id: `move:${deal.id}:${stage.id}`,
        label: `Move ${deal.title} to ${stage.name}`,
        kind: 'Action',
        run: () => actions.moveDeal(deal, stage.id, stage.name),
      })
    }
  }
  for (const activity of found.activities) {
    commands.push(
      {
        id: `done:${activity.id}`,
        label: `Mark done: ${activity.subject}`,
        kind: 'Activity',
        run: () => actions.markDone(activity),
      },
      {
        id: `snooze:${activity.id}`,
        label: `Snooze 1 hour: ${activity.subject}`,
        kind: 'Activity',
        run: () => actions.snooze(activity, 60),
      },
    )
  }
  return commands
}
