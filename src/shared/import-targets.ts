// What a CSV import can fill, with the words the import screen shows for each: one list for the
// server, which checks mappings against it, and the renderer, which offers it.

export type ImportKind = 'people' | 'deals' | 'activities' | 'notes'

/** Targets of a people import beyond the inbound webhooks' person fields: names, not ids. */
export const personNameTargets = [
  ['company', 'Company (by name; created when new)'],
  ['owner', 'Owner (e-mail or name)'],
] as const

export const dealImportTargets = [
  ['title', 'Title'],
  ['value', 'Value'],
  ['currency', 'Currency'],
  ['pipeline', 'Pipeline (by name)'],
  ['stage', 'Stage (by name)'],
  ['person', 'Person (by e-mail)'],
  ['company', 'Company (by name)'],
  ['owner', 'Owner (e-mail or name)'],
  ['lostReason', 'Lost reason (by name)'],
  ['expectedCloseDate', 'Expected close date'],
  ['tags', 'Tags'],
] as const

export type DealImportTarget = (typeof dealImportTargets)[number][0]

/** An activity as a row: logged calls and meetings (done) or work still to do. */
export const activityImportTargets = [
  ['type', 'Type (call, meeting, email, task, deadline or a workspace type)'],
  ['subject', 'Subject'],
  ['body', 'Details'],
  ['dueDate', 'Date'],
  ['dueTime', 'Time (HH:MM)'],
  ['durationMinutes', 'Duration (minutes)'],
  ['done', 'Done (yes or no)'],
  ['outcome', 'Outcome'],
  ['priority', 'Priority (low, normal, high)'],
  ['person', 'Person (by e-mail)'],
  ['deal', 'Deal (by title or id)'],
  ['company', 'Company (by name)'],
  ['assignee', 'Assignee (e-mail or name)'],
] as const

export type ActivityImportTarget = (typeof activityImportTargets)[number][0]

export const noteImportTargets = [
  ['body', 'Note'],
  ['person', 'Person (by e-mail)'],
  ['deal', 'Deal (by title or id)'],
  ['company', 'Company (by name)'],
  ['author', 'Author (e-mail or name)'],
  ['pinned', 'Pinned (yes or no)'],
  ['notedAt', 'Written on (date or date-time)'],
] as const

export type NoteImportTarget = (typeof noteImportTargets)[number][0]

/** What each kind of import cannot do without. */
export const requiredImportTargets: Record<ImportKind, readonly string[]> = {
  people: ['fullName'],
  deals: ['title', 'pipeline', 'stage'],
  activities: ['subject'],
  notes: ['body'],
}
