import { useQuery } from '@tanstack/react-query'
import type { Stage } from './types'
import * as endpoints from './endpoints'
import { keys } from './keys'

// The workspace's short lists every screen names things from. They change rarely, so they stay
// fresh for a minute; settings screens invalidate them when they change one.
const referenceStaleMs = 60_000

export const usePipelines = () =>
  useQuery({
    queryKey: keys.pipelines,
    queryFn: endpoints.pipelines.list,
    staleTime: referenceStaleMs,
  })

export const useUsers = () =>
  useQuery({ queryKey: keys.users, queryFn: endpoints.users.list, staleTime: referenceStaleMs })

export const useCompanies = () =>
  useQuery({
    queryKey: keys.companies,
    queryFn: endpoints.companies.list,
    staleTime: referenceStaleMs,
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
