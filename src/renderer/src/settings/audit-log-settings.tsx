import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { auditLog } from '../api/endpoints'
import { keys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { DataTable } from '../ui/data-table'
import { QueryView } from '../ui/states'

// What each kind of change was made to, by the audit's target type; a type this version does not
// know (a newer server's) shows as sent.
const targetLabels = {
  workspace: 'audit.targets.workspace',
  pipeline: 'audit.targets.pipeline',
  stage: 'audit.targets.stage',
  'lost-reason': 'audit.targets.lost-reason',
  currency: 'audit.targets.currency',
  user: 'audit.targets.user',
  member: 'audit.targets.member',
  'sign-in-link': 'audit.targets.sign-in-link',
  token: 'audit.targets.token',
  'inbound-webhook': 'audit.targets.inbound-webhook',
  'webhook-subscription': 'audit.targets.webhook-subscription',
} as const

/** /settings/audit: who changed the workspace's settings, newest first (owners and admins). */
export function AuditLogSettings() {
  const { t } = useTranslation('settings')
  const [page, setPage] = useState(1)
  const list = useQuery({ queryKey: keys.auditLog(page), queryFn: () => auditLog.page(page) })
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t('audit.heading')}</h2>
      <p className="section-intro">{t('audit.intro')}</p>
      <QueryView query={list} loading={t('audit.loading')} empty={t('audit.empty')}>
        {(data) => (
          <>
            <DataTable
              columns={[t('audit.when'), t('audit.who'), t('audit.what'), t('audit.changes')]}
            >
              {data.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="whole-words">{formatDateTime(entry.at)}</td>
                  <td className="whole-words">
                    {/* The server names the machine's owner in English; the screen in its language. */}
                    {entry.actor.kind === 'owner' ? t('audit.machineOwner') : entry.actor.name}
                  </td>
                  <td className="whole-words">
                    {t(`audit.actions.${entry.action}`)}{' '}
                    {entry.targetType in targetLabels
                      ? t(targetLabels[entry.targetType as keyof typeof targetLabels])
                      : entry.targetType}
                  </td>
                  <td>
                    <code>{JSON.stringify(entry.changes)}</code>
                  </td>
                </tr>
              ))}
            </DataTable>
            <p className="inline-row">
              <button
                type="button"
                className="button"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                {t('audit.newer')}
              </button>
              <button
                type="button"
                className="button"
                disabled={!data.hasMore}
                onClick={() => setPage(page + 1)}
              >
                {t('audit.older')}
              </button>
            </p>
          </>
        )}
      </QueryView>
    </section>
  )
}
