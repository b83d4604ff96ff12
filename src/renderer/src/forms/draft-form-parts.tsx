// The parts every draft-keeping form (deal, person) shows around its fields: the same notes and
// the same buttons, so they read and behave alike.

/** Above the fields: that a draft came back, and the form's own error. */
export function FormNotes({ draft, error }: { draft: boolean; error: string | null }) {
  return (
    <>
      {draft && <p className="form-note">Your unsaved changes from before are back.</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

/** Below the fields: discard the draft, keep it (or cancel when nothing changed), save. */
export function DraftFormActions({
  dirty,
  hasDraft,
  pending,
  submitLabel,
  onDiscard,
  onClose,
}: {
  dirty: boolean
  hasDraft: boolean
  pending: boolean
  submitLabel: string
  onDiscard(): void
  onClose(): void
}) {
  return (
    <div className="form-actions">
      {(dirty || hasDraft) && (
        <button type="button" className="link-button" onClick={onDiscard}>
          Discard draft
        </button>
      )}
      <button type="button" className="button" onClick={onClose}>
        {dirty ? 'Keep as draft' : 'Cancel'}
      </button>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </div>
  )
}
