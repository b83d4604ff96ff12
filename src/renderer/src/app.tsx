import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { ApiRequestError } from './api/client'
import { AppShell } from './layout/app-shell'
import { LiveUpdates } from './live/live-updates'
import { SessionGate } from './session/session-gate'
import { page } from './layout/lazy-page'
import { settingsRoutes } from './settings/settings-routes'
import { ToastProvider } from './ui/toast'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a dropped connection might.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiRequestError && error.status >= 400),
      refetchOnWindowFocus: false,
    },
  },
})

const router = createBrowserRouter([
  {
    element: <AppShell />,
    // Shown for the moment the first screen's code loads (each screen is its own chunk); without
    // one React Router warns on every page load.
    hydrateFallbackElement: <main className="full-page-state" aria-busy="true" />,
    children: [
      { index: true, element: <Navigate to="/board" replace /> },
      {
        path: 'board/:pipelineId?',
        lazy: page(() => import('./board/board-page'), 'BoardPage'),
      },
      { path: 'deals', lazy: page(() => import('./deals-list/deals-page'), 'DealsPage') },
      { path: 'deals/:id', lazy: page(() => import('./deals/deal-detail-page'), 'DealDetailPage') },
      {
        path: 'forecast/:pipelineId?',
        lazy: page(() => import('./forecast/forecast-page'), 'ForecastPage'),
      },
      {
        path: 'companies',
        lazy: page(() => import('./companies/companies-page'), 'CompaniesPage'),
      },
      {
        path: 'companies/:id',
        lazy: page(() => import('./companies/company-page'), 'CompanyPage'),
      },
      { path: 'my-work', lazy: page(() => import('./work/my-work-page'), 'MyWorkPage') },
      { path: 'people', lazy: page(() => import('./people/people-page'), 'PeoplePage') },
      {
        path: 'people/:id',
        lazy: page(() => import('./people/person-detail-page'), 'PersonDetailPage'),
      },
      settingsRoutes,
      { path: '*', element: <Navigate to="/board" replace /> },
    ],
  },
])

const openMyWork = () => void router.navigate('/my-work')

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionGate>
          <LiveUpdates openMyWork={openMyWork}>
            <RouterProvider router={router} />
          </LiveUpdates>
        </SessionGate>
      </ToastProvider>
    </QueryClientProvider>
  )
}
