import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { notes } from '../api/endpoints'
import { errorMessage } from '../api/client'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'

/** Writes a Markdown note on the record it is shown on; it can be pinned at once. */
export function NoteForm({
  links,
}: {
  links: { personId?: string; dealId?: string; companyId?: string }
}) {
  const { t } = useTranslation('work')
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [body, setBody] = useState('')
  const [pinned, setPinned] = useState(false)
  const create = useMutation({
    mutationFn: () => notes.create({ ...links, body, pinned }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      setBody('')
      setPinned(false)
      toast(t('note.saved'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (body.trim()) create.mutate()
  }
  return (
    <form className="activity-form" onSubmit={submit} aria-label={t('note.formLabel')}>
      <label htmlFor={`${id}-body`} className="visually-hidden">
        {t('note.label')}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        placeholder={t('note.placeholder')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="activity-form-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={pinned}
            onChange={(event) => setPinned(event.target.checked)}
          />
          {t('note.pin')}
        </label>
        <button
          type="submit"
          className="button button-primary"
          disabled={create.isPending || !body.trim()}
        >
          {t('note.save')}
        </button>
      </div>
    </form>
  )
}
