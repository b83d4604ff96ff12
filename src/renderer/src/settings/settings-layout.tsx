import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import './settings.css'

const sections = [
  ['pipelines', 'sections.pipelines'],
  ['lost-reasons', 'sections.lostReasons'],
  ['activities', 'sections.activities'],
  ['users', 'sections.users'],
  ['currencies', 'sections.currencies'],
  ['tokens', 'sections.tokens'],
  ['inbound', 'sections.inbound'],
  ['outbound', 'sections.outbound'],
  ['tunnel', 'sections.tunnel'],
  ['import-export', 'sections.importExport'],
  ['backups', 'sections.backups'],
  ['language', 'sections.language'],
] as const

// Only the desktop app can move onto a team server (preload/api.ts `teamServer`).
const desktopSections = [['team-server', 'sections.teamServer']] as const

export function SettingsLayout() {
  const { t } = useTranslation('settings')
  return (
    <div className="settings">
      <header className="page-header">
        <h1>{t('heading')}</h1>
      </header>
      <div className="settings-body">
        <nav aria-label={t('heading')} className="settings-nav">
          <ul>
            {[...sections, ...(window.outpost ? desktopSections : [])].map(([path, label]) => (
              <li key={path}>
                <NavLink to={`/settings/${path}`}>{t(label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-content">
          <Outlet />
        </div>
      </div>
    </div>
  )
}
