import { useQuery } from '@tanstack/react-query'
import { syncLink } from '../api/integrations'
import { integrationKeys } from '../api/keys'
import { useWorkspace } from '../session/workspace'

/**
 * This data folder's link to a team server, kept fresh: every 2 seconds while it is a replica (the
 * state and the changes waiting move on their own), once a minute while it is none. Only for a
 * role that manages the machine, the one that may read it.
 */
export function useSyncLink() {
  const { current } = useWorkspace()
  return useQuery({
    queryKey: integrationKeys.syncLink,
    queryFn: syncLink.get,
    enabled: current.permissions.includes('server.manage'),
    refetchInterval: (query) => (query.state.data?.state === 'not-connected' ? 60_000 : 2_000),
  })
}
