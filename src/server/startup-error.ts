/** A problem the user can fix (a bad folder, a busy port), told in one line without a stack. */
export class StartupError extends Error {
  override name = 'StartupError'
}
