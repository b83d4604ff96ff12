import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { session } from '../api/endpoints'
import { keys } from '../api/keys'
import { LiveStatusBadge } from '../live/live-status-badge'
import { SyncStatusBadge } from '../sync/sync-status-badge'
import { useCan, useWorkspace } from '../session/workspace'
import { useHotkeys } from '../ui/hotkeys'
import { ShortcutsDialog } from '../ui/shortcuts-dialog'
import { CommandPalette } from '../palette/command-palette'
import { WorkBadge } from '../work/work-badge'
import { WebhookAlerts } from '../settings/outbound/webhook-alerts'
import './app-shell.css'

/** The frame around every screen: navigation, workspace, live status, shortcuts. */
export function AppShell() {
  const { t } = useTranslation('layout')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { workspaces, current, account, choose } = useWorkspace()
  const seesWebhooks = useCan('webhooks.manage')
  const canWrite = useCan('records.write')
  const [help, setHelp] = useState(false)
  const [palette, setPalette] = useState(false)
  const openPalette = useCallback(() => setPalette(true), [])
  useHotkeys({
    'g b': () => void navigate('/board'),
    'g w': () => void navigate('/my-work'),
    'g f': () => void navigate('/forecast'),
    'g p': () => void navigate('/people'),
    'g c': () => void navigate('/companies'),
    'g d': () => void navigate('/deals'),
    'g s': () => void navigate('/settings'),
    '/': () => void navigate('/people', { state: { focusSearch: true } }),
    '?': () => setHelp(true),
  })
  const signOut = async () => {
    await session.signOut().catch(() => undefined)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== keys.session[0] })
    await queryClient.resetQueries({ queryKey: keys.session })
  }
  // The desktop window signs itself in again at once: signing out there would mean nothing.
  const canSignOut = !window.outpost?.sessionSecret

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipLink')}
      </a>
      <header className="sidebar">
        <div className="brand">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="brand-mark">
            <path d="M12 3 3 20h18L12 3Zm0 5 5.2 10H6.8L12 8Z" fill="currentColor" />
          </svg>
          <span>Outpost</span>
        </div>
        <nav aria-label={t('shell.mainNav')}>
          <ul className="nav-list">
            <li>
              <NavLink to="/board" aria-keyshortcuts="g b">
                {t('shell.nav.board')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/deals" end aria-keyshortcuts="g d">
                {t('shell.nav.deals')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/my-work" aria-keyshortcuts="g w">
                {t('shell.nav.myWork')}
                <WorkBadge />
              </NavLink>
            </li>
            <li>
              <NavLink to="/forecast" aria-keyshortcuts="g f">
                {t('shell.nav.forecast')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/people" aria-keyshortcuts="g p">
                {t('shell.nav.people')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/companies" aria-keyshortcuts="g c">
                {t('shell.nav.companies')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings" aria-keyshortcuts="g s">
                {t('shell.nav.settings')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="sidebar-footer">
          {workspaces.length > 1 ? (
            <>
              <label htmlFor="workspace-picker" className="sidebar-label">
                {t('shell.workspace')}
              </label>
              <select
                id="workspace-picker"
                value={current.id}
                onChange={(event) => {
                  choose(event.target.value)
                  void navigate('/board')
                }}
              >
                {workspaces.map((workspace) => (
                  <option key={workspace.id} value={workspace.id}>
                    {workspace.name}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <p className="sidebar-label">
              {t('shell.workspace')}: <strong>{current.name}</strong>
            </p>
          )}
          <p className="sidebar-label" data-testid="my-role">
            {account ? `${account.name} · ` : `${t('shell.role')}: `}
            {t(`shell.roles.${current.role}`)}
          </p>
          <LiveStatusBadge />
          <SyncStatusBadge />
          <button
            type="button"
            className="link-button"
            onClick={openPalette}
            aria-keyshortcuts="Control+K Meta+K"
          >
            {t('shell.palette')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => setHelp(true)}
            aria-keyshortcuts="?"
          >
            {t('shell.shortcuts')}
          </button>
          {canSignOut && (
            <button type="button" className="link-button" onClick={() => void signOut()}>
              {t('shell.signOut')}
            </button>
          )}
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        {seesWebhooks && <WebhookAlerts />}
        {!canWrite && (
          <p className="read-only-notice" role="status">
            {t('shell.readOnly')}
          </p>
        )}
        <Outlet />
      </main>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      <CommandPalette open={palette} onOpen={openPalette} onClose={() => setPalette(false)} />
    </div>
  )
}
