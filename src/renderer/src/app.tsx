import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { ApiRequestError } from './api/client'
import { BoardPage } from './board/board-page'
import { DealDetailPage } from './deals/deal-detail-page'
import { AppShell } from './layout/app-shell'
import { LiveUpdates } from './live/live-updates'
import { PeoplePage } from './people/people-page'
import { PersonDetailPage } from './people/person-detail-page'
import { SessionGate } from './session/session-gate'
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
    children: [
      { index: true, element: <Navigate to="/board" replace /> },
      { path: 'board/:pipelineId?', element: <BoardPage /> },
      { path: 'deals/:id', element: <DealDetailPage /> },
      { path: 'people', element: <PeoplePage /> },
      { path: 'people/:id', element: <PersonDetailPage /> },
      settingsRoutes,
      { path: '*', element: <Navigate to="/board" replace /> },
    ],
  },
])

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionGate>
          <LiveUpdates>
            <RouterProvider router={router} />
          </LiveUpdates>
        </SessionGate>
      </ToastProvider>
    </QueryClientProvider>
  )
}
