// A snapshot on its way to a replica (docs/sync-protocol.md, section 6): the team server streams
// it as NDJSON, and the replica writes it to a file as it comes, then reads it back a line at a
// time while it applies it. A workspace of a million people is a gigabyte of JSON: held whole, as
// one string, it would pass what V8 can hold; on disk it needs only the space. The database is
// not held while it travels, only while it is applied.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { SnapshotEnd, SnapshotHead, SnapshotRecord } from './schema'
import { SyncError, Unreachable } from './sync-errors'

export interface SnapshotFile {
  head: SnapshotHead
  /** Each record, in the server's order; throws Unreachable at the end of one cut off. */
  records(): AsyncGenerator<SnapshotRecord>
  /** Deletes the file: once applied, or given up. */
  remove(): void
}

const cutOff = (cause?: unknown) =>
  new Unreachable("The team server's snapshot was cut off on the way", { cause })

/**
 * Writes the answer's NDJSON to a file, aborting through `stalled` when nothing arrives for
 * `idleMs`; answers the file with its head read.
 */
export async function saveSnapshot(
  response: Response,
  stalled: AbortController,
  idleMs: number,
): Promise<SnapshotFile> {
  if (!response.body) throw cutOff()
  const folder = mkdtempSync(join(tmpdir(), 'outpost-snapshot-'))
  const file = join(folder, 'snapshot.ndjson')
  const remove = () => rmSync(folder, { recursive: true, force: true })
  const timer = setTimeout(() => stalled.abort(), idleMs)
  const watch = new Transform({
    transform(chunk, _encoding, done) {
      timer.refresh()
      done(null, chunk)
    },
  })
  try {
    await pipeline(Readable.fromWeb(response.body), watch, createWriteStream(file))
    return { head: await headOf(file), records: () => recordsOf(file), remove }
  } catch (error) {
    remove()
    throw error instanceof SyncError ? error : cutOff(error)
  } finally {
    clearTimeout(timer)
  }
}

function linesOf(file: string) {
  return createInterface({ input: createReadStream(file), crlfDelay: Infinity })
}

/** A line's JSON; a line cut in the middle is a snapshot cut off. */
function parseLine<T>(line: string): T {
  try {
    return JSON.parse(line) as T
  } catch (error) {
    throw cutOff(error)
  }
}

async function headOf(file: string): Promise<SnapshotHead> {
  for await (const line of linesOf(file)) return parseLine<SnapshotHead>(line)
  throw cutOff()
}

async function* recordsOf(file: string): AsyncGenerator<SnapshotRecord> {
  let head = true
  let records = 0
  let end: SnapshotEnd | undefined
  for await (const line of linesOf(file)) {
    // The head was read on its own (headOf).
    if (head) {
      head = false
      continue
    }
    if (line === '') continue
    const parsed = parseLine<SnapshotRecord | SnapshotEnd>(line)
    if ('end' in parsed) {
      end = parsed
      break
    }
    records++
    yield parsed
  }
  if (end?.records !== records) throw cutOff()
}
