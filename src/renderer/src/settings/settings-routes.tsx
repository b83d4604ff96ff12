import { Navigate, type RouteObject } from 'react-router'
import { CurrenciesSettings } from './currencies-settings'
import { LostReasonsSettings } from './lost-reasons-settings'
import { PipelinesSettings } from './pipelines/pipelines-settings'
import { SettingsLayout } from './settings-layout'
import { TokensSettings } from './tokens-settings'
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
  ],
}
