/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The zone of the machine the server runs on: a workspace without one of its own uses it. */
export const machineTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
