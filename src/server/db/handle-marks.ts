// Facts about the work a database handle is passed to, carried by the handle itself: who makes the
// writes (events/actor.ts), a change from elsewhere being applied (sync/write-origin.ts). A mark
// rides in Kysely's plugin list, the one thing a handle hands on to the transactions begun from
// it, and changes no query. An AsyncLocalStorage carried them before; its promise hooks cost every
// request 15% of its server time, reads included (bench/ W1, W5).
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import type { Database } from './database'

// connection.ts's Db, named here as it is there: connection.ts reads the root of a handle.
type Db = Kysely<Database>

/** A kind of mark, with the type of its value (`value` is that type only; named for debugging). */
export class MarkKind<T> {
  declare readonly value: T
  constructor(readonly name: string) {}
}

class Mark<T> implements KyselyPlugin {
  constructor(
    readonly kind: MarkKind<T>,
    readonly value: T,
    /** The handle first marked: see rootOf. */
    readonly root: Db,
  ) {}
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result
  }
}

/** `db` (a transaction stays one) marked with `value`: markOf finds it before older marks. */
export const withMark = <T>(db: Db, kind: MarkKind<T>, value: T): Db =>
  db.withPlugin(new Mark(kind, value, rootOf(db)))

/** The value of the newest mark of `kind` on `db`, or undefined. */
export function markOf<T>(db: Db, kind: MarkKind<T>): T | undefined {
  const plugins = db.getExecutor().plugins
  for (let index = plugins.length - 1; index >= 0; index--) {
    const plugin = plugins[index]
    if (plugin instanceof Mark && plugin.kind === kind) return plugin.value as T
  }
  return undefined
}

/**
 * The handle `db` was marked from: what is kept by database in memory (the change stamp, list
 * positions) is kept by it, so a request's marked handle finds what the others learned.
 */
export function rootOf(db: Db): Db {
  // A transaction is its own: what it reads may be its own writes, which a rollback takes back.
  if (db.isTransaction) return db
  // The first mark's: a handle's marks are in the order they were made.
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof Mark) return plugin.root
  return db
}
