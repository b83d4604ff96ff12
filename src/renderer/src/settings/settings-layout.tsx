import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { desktopSections, useSettingsSections } from './settings-sections'
import './settings.css'

export function SettingsLayout() {
  const { t } = useTranslation('settings')
  const visible = useSettingsSections()
  return (
    <div className="settings">
      <header className="page-header">
        <h1>{t('heading')}</h1>
      </header>
      <div className="settings-body">
        <nav aria-label={t('heading')} className="settings-nav">
          <ul>
            {[...visible, ...(window.outpost ? desktopSections : [])].map(([path, label]) => (
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
