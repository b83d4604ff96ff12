import type { Activity, Company, Deal, Person, Pipeline } from '../api/types'
import { i18next } from '../i18n/i18n'

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

const screens = [
  ['board', '/board'],
  ['deals', '/deals'],
  ['myWork', '/my-work'],
  ['forecast', '/forecast'],
  ['people', '/people'],
  ['companies', '/companies'],
  ['settings', '/settings'],
] as const

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
  const t = i18next.getFixedT(null, 'palette')
  const query = text.trim()
  const commands: Command[] = screens
    .map(([screen, path]) => ({
      id: `go:${path}`,
      label: t('commands.goTo', { screen: t(`screens.${screen}`) }),
      kind: t('kinds.goTo'),
      run: () => actions.go(path),
    }))
    .filter(({ label }) => !query || contains(label, query))
  if (!query) return commands
  for (const person of found.people) {
    commands.push(
      {
        id: `person:${person.id}`,
        label: person.fullName,
        kind: t('kinds.person'),
        run: () => actions.go(`/people/${person.id}`),
      },
      {
        id: `call:${person.id}`,
        label: t('commands.logCall', { name: person.fullName }),
        kind: t('kinds.action'),
        run: () => actions.logCall(person),
      },
      {
        id: `task:${person.id}`,
        label: t('commands.newTask', { name: person.fullName }),
        kind: t('kinds.action'),
        run: () => actions.newTask({ personIds: [person.id] }, person.fullName),
      },
    )
  }
  for (const company of found.companies) {
    commands.push({
      id: `company:${company.id}`,
      label: company.name,
      kind: t('kinds.company'),
      run: () => actions.go(`/companies/${company.id}`),
    })
  }
  for (const deal of found.deals) {
    commands.push({
      id: `deal:${deal.id}`,
      label: deal.title,
      kind: t('kinds.deal'),
      run: () => actions.go(`/deals/${deal.id}`),
    })
    const pipeline = found.pipelines.find((item) => item.id === deal.pipelineId)
    for (const stage of pipeline?.stages ?? []) {
      if (stage.id === deal.stageId || stage.type === 'lost') continue
      commands.push({
        id: `move:${deal.id}:${stage.id}`,
        label: t('commands.moveDeal', { deal: deal.title, stage: stage.name }),
        kind: t('kinds.action'),
        run: () => actions.moveDeal(deal, stage.id, stage.name),
      })
    }
  }
  for (const activity of found.activities) {
    commands.push(
      {
        id: `done:${activity.id}`,
        label: t('commands.markDone', { subject: activity.subject }),
        kind: t('kinds.activity'),
        run: () => actions.markDone(activity),
      },
      {
        id: `snooze:${activity.id}`,
        label: t('commands.snooze', { subject: activity.subject }),
        kind: t('kinds.activity'),
        run: () => actions.snooze(activity, 60),
      },
    )
  }
  return commands
}
