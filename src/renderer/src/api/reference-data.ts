import { useQuery } from '@tanstack/react-query'
import type { Stage } from './types'
import * as endpoints from './endpoints'
import { keys } from './keys'
import { i18next } from '../i18n/i18n'

// The workspace's short lists every screen names things from. They change rarely, so they stay
// fresh for a minute; settings screens invalidate them when they change one.
const referenceStaleMs = 60_000

export const usePipelines = () =>
  useQuery({
    queryKey: keys.pipelines,
    queryFn: endpoints.pipelines.list,
    staleTime: referenceStaleMs,
  })

// Owners and companies are picked by name: the API lists them newest first, and every picker and
// filter shows them in the alphabetical order of the app's language, "Álvaro" among the a's.
const collators = new Map<string, Intl.Collator>()
function alphabetical<T extends { name: string }>(items: T[]): T[] {
  const language = i18next.language
  let collator = collators.get(language)
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
    collators.set(language, collator)
  }
  return [...items].sort((a, b) => collator.compare(a.name, b.name))
}

export const useUsers = () =>
  useQuery({
    queryKey: keys.users,
    queryFn: endpoints.users.list,
    staleTime: referenceStaleMs,
    select: alphabetical,
  })

/** `fresh`: ask the server again on mount (the list may have changed in another window). */
export const useLostReasons = (options: { fresh?: boolean } = {}) =>
  useQuery({
    queryKey: keys.lostReasons,
    queryFn: endpoints.lostReasons.list,
    staleTime: referenceStaleMs,
    refetchOnMount: options.fresh ? 'always' : true,
  })

export const useCurrencies = () =>
  useQuery({
    queryKey: keys.currencies,
    queryFn: endpoints.currencies.list,
    staleTime: referenceStaleMs,
  })

/** A lookup from id to name, for lists that show who owns what. */
export function byId<T extends { id: string }>(items: readonly T[] | undefined): Map<string, T> {
  return new Map((items ?? []).map((item) => [item.id, item]))
}

/** Every stage of the workspace's pipelines, by id. */
export function stagesById(
  pipelines: readonly { stages: Stage[] }[] | undefined,
): Map<string, Stage> {
  return byId(pipelines?.flatMap((pipeline) => pipeline.stages))
}

/** The company a record links to, when it links to one (`''` is none). */
export const useLinkedCompany = (companyId: string) =>
  useQuery({
    queryKey: keys.company(companyId),
    queryFn: () => endpoints.companies.get(companyId),
    enabled: companyId !== '',
  })
