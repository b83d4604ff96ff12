import { NavLink, Outlet } from 'react-router'
import './settings.css'

const sections = [
  ['pipelines', 'Pipelines and stages'],
  ['lost-reasons', 'Lost reasons'],
  ['activities', 'Activities'],
  ['users', 'Users'],
  ['currencies', 'Currencies'],
  ['tokens', 'API tokens'],
  ['inbound', 'Inbound webhooks'],
  ['outbound', 'Outbound webhooks'],
  ['tunnel', 'Tunnel'],
  ['import-export', 'Import and export'],
  ['backups', 'Backups'],
] as const

export function SettingsLayout() {
  return (
    <div className="settings">
      <header className="page-header">
        <h1>Settings</h1>
      </header>
      <div className="settings-body">
        <nav aria-label="Settings" className="settings-nav">
          <ul>
            {sections.map(([path, label]) => (
              <li key={path}>
                <NavLink to={`/settings/${path}`}>{label}</NavLink>
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
