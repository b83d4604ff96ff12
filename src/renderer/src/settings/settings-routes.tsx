import { Navigate, type RouteObject } from 'react-router'
import { CurrenciesSettings } from './currencies-settings'
import { ImportExportPage } from './import-export/import-export-page'
import { InboundList } from './inbound/inbound-list'
import { InboundPage } from './inbound/inbound-page'
import { LostReasonsSettings } from './lost-reasons-settings'
import { SubscriptionPage } from './outbound/subscription-page'
import { SubscriptionsPage } from './outbound/subscriptions-page'
import { PipelinesSettings } from './pipelines/pipelines-settings'
import { SettingsLayout } from './settings-layout'
import { TokensSettings } from './tokens-settings'
import { TunnelSettings } from './tunnel-settings'
import { UsersSettings } from './users-settings'

/** /settings/*: everything the spec leaves to "the web app". */
export const settingsRoutes: RouteObject = {
  path: 'settings',
  element: <SettingsLayout />,
  children: [
    { index: true, element: <Navigate to="pipelines" replace /> },
    { path: 'pipelines/:pipelineId?', element: <PipelinesSettings /> },
    { path: 'lost-reasons', element: <LostReasonsSettings /> },
    { path: 'users', element: <UsersSettings /> },
    { path: 'currencies', element: <CurrenciesSettings /> },
    { path: 'tokens', element: <TokensSettings /> },
    { path: 'inbound', element: <InboundList /> },
    { path: 'inbound/:id', element: <InboundPage /> },
    { path: 'outbound', element: <SubscriptionsPage /> },
    { path: 'outbound/:id', element: <SubscriptionPage /> },
    { path: 'tunnel', element: <TunnelSettings /> },
    { path: 'import-export', element: <ImportExportPage /> },
  ],
}
