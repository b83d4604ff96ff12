import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Backup, Backups } from '../api/types'
import { backups } from '../api/integrations'
import { integrationKeys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { ConfirmDialog } from '../ui/dialog'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

const kindLabels: Record<Backup['kind'], string> = {
  daily: 'Daily',
  'pre-migration': 'Before an upgrade',
  'pre-restore': 'Before a restore',
  manual: 'By hand',
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

function LastBackup({ last }: { last: Backups['last'] }) {
  if (!last)
    return <p data-testid="last-backup">No backup yet: the first is taken within the hour.</p>
  return (
    <p data-testid="last-backup">
      Last backup {formatDateTime(last.at)}:{' '}
      {last.ok ? (
        <>
          <span className="stage-badge badge-won">Checked</span> {last.counts?.people} people,{' '}
          {last.counts?.deals} deals
        </>
      ) : (
        <>
          <span className="stage-badge badge-lost">Failed</span> {last.error}
        </>
      )}
    </p>
  )
}

/** /settings/backups: the daily backups, one now, and a restore with the app running. */
export function BackupsSettings() {
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: integrationKeys.backups, queryFn: backups.get })
  const [restoring, setRestoring] = useState<Backup | null>(null)
  const takeNow = useSettingsMutation(backups.takeNow, {
    invalidates: [integrationKeys.backups],
    done: (status) =>
      status?.ok ? 'Backed up and checked' : `The backup failed: ${status?.error ?? 'unknown'}`,
  })
  const restore = useSettingsMutation(backups.restore, {
    invalidates: [integrationKeys.backups],
    done: (result) => `Restored ${result.restoredFrom}`,
  })
  return (
    <section aria-labelledby="backups-heading">
      <h2 id="backups-heading">Backups</h2>
      <p className="section-intro">
        Outpost backs up this computer’s data every day and before every upgrade, checks each copy,
        and keeps 7 daily and 4 weekly ones. Keep the folder on another disk or in your own backups
        too: a copy on the same disk does not survive the disk.
      </p>
      {query.isPending && <Skeleton lines={4} label="Loading the backups" />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <>
          <LastBackup last={query.data.last} />
          <p className="field-hint">In {query.data.folder}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={takeNow.isPending}
              onClick={() => takeNow.mutate()}
            >
              {takeNow.isPending ? 'Backing up…' : 'Back up now'}
            </button>
          </div>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Taken</th>
                <th scope="col">Why</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.backups.map((backup) => (
                <tr key={backup.name}>
                  <td>{formatDateTime(backup.takenAt)}</td>
                  <td>{kindLabels[backup.kind]}</td>
                  <td>{mebibytes(backup.bytes)}</td>
                  <td>
                    <button type="button" className="button" onClick={() => setRestoring(backup)}>
                      Restore
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
        title="Restore this backup?"
        message={
          restoring && (
            <p>
              Everything goes back to {formatDateTime(restoring.takenAt)}: changes made since are
              set aside in a backup taken first, which you can restore to undo.
            </p>
          )
        }
        confirmLabel="Restore"
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
