import { Navigate, type RouteObject } from 'react-router'
import { page } from '../layout/lazy-page'
import { SettingsLayout } from './settings-layout'
import { useSettingsSections } from './settings-sections'

/** /settings opens the first section the session's role may use. */
function FirstSection() {
  const [first] = useSettingsSections()
  return <Navigate to={first?.[0] ?? 'language'} replace />
}

/** /settings/*: everything the spec leaves to "the web app". */
export const settingsRoutes: RouteObject = {
  path: 'settings',
  element: <SettingsLayout />,
  children: [
    { index: true, element: <FirstSection /> },
    {
      path: 'pipelines/:pipelineId?',
      lazy: page(() => import('./pipelines/pipelines-settings'), 'PipelinesSettings'),
    },
    {
      path: 'lost-reasons',
      lazy: page(() => import('./lost-reasons-settings'), 'LostReasonsSettings'),
    },
    {
      path: 'activities',
      lazy: page(() => import('./activities-settings'), 'ActivitiesSettings'),
    },
    { path: 'users', lazy: page(() => import('./users-settings'), 'UsersSettings') },
    { path: 'currencies', lazy: page(() => import('./currencies-settings'), 'CurrenciesSettings') },
    { path: 'workspace', lazy: page(() => import('./workspace-settings'), 'WorkspaceSettings') },
    { path: 'tokens', lazy: page(() => import('./tokens-settings'), 'TokensSettings') },
    { path: 'inbound', lazy: page(() => import('./inbound/inbound-list'), 'InboundList') },
    { path: 'inbound/:id', lazy: page(() => import('./inbound/inbound-page'), 'InboundPage') },
    {
      path: 'outbound',
      lazy: page(() => import('./outbound/subscriptions-page'), 'SubscriptionsPage'),
    },
    {
      path: 'outbound/:id',
      lazy: page(() => import('./outbound/subscription-page'), 'SubscriptionPage'),
    },
    { path: 'tunnel', lazy: page(() => import('./tunnel-settings'), 'TunnelSettings') },
    { path: 'sync', lazy: page(() => import('./sync-settings'), 'SyncSettings') },
    {
      path: 'import-export',
      lazy: page(() => import('./import-export/import-export-page'), 'ImportExportPage'),
    },
    { path: 'backups', lazy: page(() => import('./backups-settings'), 'BackupsSettings') },
    { path: 'audit', lazy: page(() => import('./audit-log-settings'), 'AuditLogSettings') },
    { path: 'language', lazy: page(() => import('./language-settings'), 'LanguageSettings') },
    {
      path: 'team-server',
      lazy: page(() => import('./team-server-settings'), 'TeamServerSettings'),
    },
  ],
}
