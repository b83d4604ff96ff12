// What a database target is, without loading a driver: the CLI's --help and messages use it.

/** Whether `target` names a PostgreSQL database (a postgres:// or postgresql:// URL). */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target)
}

/** The URL with its password replaced, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '*****'
    return parsed.toString()
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:*****@')
  }
}
