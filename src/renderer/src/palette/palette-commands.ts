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

/** What an activity made from the palette is about. */
export interface WorkLinks {
  personIds?: string[]
  dealId?: string
  companyId?: string
}

/** Who a deal made from the palette is for: a person (with their company), or a company. */
export interface DealLinks {
  personId?: string
  companyId?: string | null
}

export interface PaletteActions {
  go(path: string): void
  logCall(links: WorkLinks, about: string): void
  newTask(links: WorkLinks, about: string): void
  newDeal(links: DealLinks): void
  newRecord(kind: 'person' | 'company'): void
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
  /** The settings sections the user's role may open, by name. */
  settings: { path: string; label: string }[]
}

// Snoozes the palette offers: an hour, or until the same time tomorrow.
const snoozes = [
  ['snooze', 60],
  ['snoozeDay', 24 * 60],
] as const

const contains = (text: string, query: string) =>
  text.toLocaleLowerCase().includes(query.toLocaleLowerCase())

/**
 * Whether a screen's or section's name answers `query`: from three letters anywhere in it; one or
 * two letters only at a word's start ("p" is People, not every name with a p in it), so the
 * records a short search finds are not buried under screens.
 */
function names(name: string, query: string): boolean {
  if (Array.from(query).length >= 3) return contains(name, query)
  const start = query.toLocaleLowerCase()
  return name
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => word.startsWith(start))
}

/**
 * What the palette offers for `text`: the screens whose name matches, then each person, company,
 * deal and open activity found with what can be done to it.
 */
export function paletteCommands(text: string, found: Found, actions: PaletteActions): Command[] {
  const t = i18next.getFixedT(null, 'palette')
  const query = text.trim()
  // "Go to" (or "ir") itself lists every screen, as a menu would.
  const asksGoTo = Array.from(query).length >= 2 && names(t('kinds.goTo'), query)
  const commands: Command[] = screens
    .filter(([screen]) => !query || asksGoTo || names(t(`screens.${screen}`), query))
    .map(([screen, path]) => ({
      id: `go:${path}`,
      label: t('commands.goTo', { screen: t(`screens.${screen}`) }),
      kind: t('kinds.goTo'),
      run: () => actions.go(path),
    }))
  if (!query) return commands
  // A settings section by its own name ("tokens", "import"), never the whole list at "settings".
  for (const section of found.settings) {
    if (!names(section.label, query)) continue
    commands.push({
      id: `go:${section.path}`,
      label: t('commands.goTo', { screen: `${t('screens.settings')} › ${section.label}` }),
      kind: t('kinds.goTo'),
      run: () => actions.go(section.path),
    })
  }
  // A new record of its own, offered as its name is typed ("new", "deal"), or the word for new
  // in any of its forms ("novo" and "nova" offer all three in Portuguese).
  const newWords = t('commands.new.words').split(' ')
  const asksNew = newWords.some((word) => word.startsWith(query.toLocaleLowerCase()))
  const creations: Command[] = [
    { id: 'new:deal', label: t('commands.new.deal'), run: () => actions.newDeal({}) },
    { id: 'new:person', label: t('commands.new.person'), run: () => actions.newRecord('person') },
    {
      id: 'new:company',
      label: t('commands.new.company'),
      run: () => actions.newRecord('company'),
    },
  ].map((command) => ({ ...command, kind: t('kinds.action') }))
  commands.push(...creations.filter(({ label }) => asksNew || names(label, query)))
  // Each record found, then what can be done to each: a name typed finds the records first.
  const actionsOn: Command[] = []
  // A call logged with, or a task for, a person, a company or a deal.
  const work = (id: string, name: string, links: WorkLinks): Command[] => [
    {
      id: `call:${id}`,
      label: t('commands.logCall', { name }),
      kind: t('kinds.action'),
      run: () => actions.logCall(links, name),
    },
    {
      id: `task:${id}`,
      label: t('commands.newTask', { name }),
      kind: t('kinds.action'),
      run: () => actions.newTask(links, name),
    },
  ]
  const newDeal = (id: string, name: string, links: DealLinks): Command => ({
    id: `deal-for:${id}`,
    label: t('commands.newDeal', { name }),
    kind: t('kinds.action'),
    run: () => actions.newDeal(links),
  })
  for (const person of found.people) {
    commands.push({
      id: `person:${person.id}`,
      label: person.fullName,
      kind: t('kinds.person'),
      run: () => actions.go(`/people/${person.id}`),
    })
    actionsOn.push(
      ...work(person.id, person.fullName, { personIds: [person.id] }),
      newDeal(person.id, person.fullName, { personId: person.id, companyId: person.companyId }),
    )
  }
  for (const company of found.companies) {
    commands.push({
      id: `company:${company.id}`,
      label: company.name,
      kind: t('kinds.company'),
      run: () => actions.go(`/companies/${company.id}`),
    })
    actionsOn.push(
      ...work(company.id, company.name, { companyId: company.id }),
      newDeal(company.id, company.name, { companyId: company.id }),
    )
  }
  for (const deal of found.deals) {
    commands.push({
      id: `deal:${deal.id}`,
      label: deal.title,
      kind: t('kinds.deal'),
      run: () => actions.go(`/deals/${deal.id}`),
    })
    actionsOn.push(...work(deal.id, deal.title, { dealId: deal.id }))
    const pipeline = found.pipelines.find((item) => item.id === deal.pipelineId)
    for (const stage of pipeline?.stages ?? []) {
      if (stage.id === deal.stageId || stage.type === 'lost') continue
      actionsOn.push({
        id: `move:${deal.id}:${stage.id}`,
        label: t('commands.moveDeal', { deal: deal.title, stage: stage.name }),
        kind: t('kinds.action'),
        run: () => actions.moveDeal(deal, stage.id, stage.name),
      })
    }
  }
  for (const activity of found.activities) {
    actionsOn.push(
      {
        id: `done:${activity.id}`,
        label: t('commands.markDone', { subject: activity.subject }),
        kind: t('kinds.activity'),
        run: () => actions.markDone(activity),
      },
      ...snoozes.map(([label, minutes]) => ({
        id: `${label}:${activity.id}`,
        label: t(`commands.${label}`, { subject: activity.subject }),
        kind: t('kinds.activity'),
        run: () => actions.snooze(activity, minutes),
      })),
    )
  }
  return [...commands, ...actionsOn]
}

/** The commands that only go somewhere: what the palette offers a read-only member. */
export const onlyNavigation = (commands: Command[]): Command[] =>
  commands.filter(({ id }) => /^(go|person|company|deal):/.test(id))
