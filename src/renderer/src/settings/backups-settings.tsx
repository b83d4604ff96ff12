import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { Backup, Backups } from '../api/types'
import { backups } from '../api/integrations'
import { integrationKeys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { ConfirmDialog } from '../ui/dialog'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

const kindLabels = {
  daily: 'backups.kinds.daily',
  'pre-migration': 'backups.kinds.preMigration',
  'pre-restore': 'backups.kinds.preRestore',
  manual: 'backups.kinds.manual',
} as const satisfies Record<Backup['kind'], string>

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

function LastBackup({ last }: { last: Backups['last'] }) {
  const { t } = useTranslation('settings')
  if (!last) return <p data-testid="last-backup">{t('backups.none')}</p>
  return (
    <p data-testid="last-backup">
      {last.ok ? (
        <Trans
          t={t}
          i18nKey="backups.lastChecked"
          values={{
            at: formatDateTime(last.at),
            people: last.counts?.people ?? '',
            deals: last.counts?.deals ?? '',
          }}
          components={{ badge: <span className="stage-badge badge-won" /> }}
        />
      ) : (
        <Trans
          t={t}
          i18nKey="backups.lastFailed"
          values={{ at: formatDateTime(last.at), error: last.error ?? '' }}
          components={{ badge: <span className="stage-badge badge-lost" /> }}
        />
      )}
    </p>
  )
}

/** /settings/backups: the daily backups, one now, and a restore with the app running. */
export function BackupsSettings() {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: integrationKeys.backups, queryFn: backups.get })
  const [restoring, setRestoring] = useState<Backup | null>(null)
  const takeNow = useSettingsMutation(backups.takeNow, {
    invalidates: [integrationKeys.backups],
    done: (status) =>
      status?.ok
        ? t('backups.checkedToast')
        : t('backups.failedToast', { error: status?.error ?? t('backups.unknownError') }),
  })
  const restore = useSettingsMutation(backups.restore, {
    invalidates: [integrationKeys.backups],
    done: (result) => t('backups.restored', { name: result.restoredFrom }),
  })
  return (
    <section aria-labelledby="backups-heading">
      <h2 id="backups-heading">{t('backups.heading')}</h2>
      <p className="section-intro">{t('backups.intro')}</p>
      {query.isPending && <Skeleton lines={4} label={t('backups.loading')} />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <>
          <LastBackup last={query.data.last} />
          <p className="field-hint">{t('backups.folder', { folder: query.data.folder })}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={takeNow.isPending}
              onClick={() => takeNow.mutate()}
            >
              {takeNow.isPending ? t('backups.backingUp') : t('backups.backUpNow')}
            </button>
          </div>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('backups.taken')}</th>
                <th scope="col">{t('backups.why')}</th>
                <th scope="col">{t('backups.size')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.backups.map((backup) => (
                <tr key={backup.name}>
                  <td>{formatDateTime(backup.takenAt)}</td>
                  <td>{t(kindLabels[backup.kind])}</td>
                  <td>{mebibytes(backup.bytes)}</td>
                  <td>
                    <button type="button" className="button" onClick={() => setRestoring(backup)}>
                      {t('backups.restore')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={t('backups.confirmTitle')}
        message={
          restoring && (
            <p>{t('backups.confirmMessage', { at: formatDateTime(restoring.takenAt) })}</p>
          )
        }
        confirmLabel={t('backups.restore')}
        danger
        busy={restore.isPending}
        onClose={() => setRestoring(null)}
        onConfirm={() =>
          restoring &&
          restore.mutate(restoring.name, {
            onSuccess: () => {
              setRestoring(null)
              // Every record may have changed.
              void queryClient.invalidateQueries()
            },
          })
        }
      />
    </section>
  )
}
