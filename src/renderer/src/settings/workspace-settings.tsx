import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { CopyButton } from '../ui/copy-button'
import { InlineForm } from '../ui/inline-form'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

/** /settings/workspace: the workspace's name, and its id as the API shows it (tenantId). */
export function WorkspaceSettings() {
  const { t } = useTranslation('settings')
  const current = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  return (
    <section aria-labelledby="workspace-heading">
      <h2 id="workspace-heading">{t('workspace.heading')}</h2>
      <p className="section-intro">{t('workspace.intro')}</p>
      <QueryView query={current} loading={t('workspace.loading')} empty={null}>
        {(data) => (
          <>
            <WorkspaceName name={data.name} />
            <dl className="facts">
              <div className="fact">
                <dt>{t('workspace.id')}</dt>
                <dd>
                  <code>{data.id}</code> <CopyButton text={data.id} />
                </dd>
              </div>
              <div className="fact">
                <dt>{t('workspace.created')}</dt>
                <dd>{formatDateTime(data.createdAt)}</dd>
              </div>
            </dl>
          </>
        )}
      </QueryView>
    </section>
  )
}

function WorkspaceName({ name: saved }: { name: string }) {
  const { t } = useTranslation('settings')
  const [name, setName] = useState(saved)
  // The sidebar and the workspace picker read the name from the session.
  const rename = useSettingsMutation((next: string) => workspace.update({ name: next }), {
    invalidates: [keys.workspace, keys.session],
    done: (after) => t('workspace.renamed', { name: after.name }),
  })
  const unchanged = name.trim() === saved
  return (
    <InlineForm
      title={t('workspace.name')}
      text={{ id: 'workspace-name', value: name, onValue: setName }}
      onSubmit={() => !unchanged && name.trim() && rename.mutate(name.trim())}
      submit={{
        label: t('workspace.rename'),
        disabled: rename.isPending || !name.trim() || unchanged,
      }}
    />
  )
}
