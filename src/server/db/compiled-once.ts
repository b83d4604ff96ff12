import type { CompiledQuery, Compilable } from 'kysely'
import { engineOf, type Db, type Engine } from './connection'
import { readsAhead } from './group-commit'

/** Where an argument goes in a query compiled once: replaced by the argument on each call. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query of a fixed shape, built and compiled by Kysely on its first call only; later calls bind
 * their arguments into the same SQL. Kysely builds, transforms and compiles a query anew on every
 * call, which was a third of a GET by id's server time (bench/ W1), so the lookups on every
 * request (a token by hash, a row by id, its tags) use this. `build` must use each argument as a
 * plain value (no `in` lists, no nulls, no branching on it): the SQL is the same for every call.
 * The SQL is the same for every Db of an engine too (one dialect, one plugin list), so one
 * compilation per engine serves all, transactions included.
 */
export function compiledOnce<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
  options: { readsAhead?: true } = {},
): (db: Db, ...args: A) => Promise<R[]> {
  const compilations: Partial<Record<Engine, CompiledQuery<R>>> = {}
  return async (db, ...args) => {
    const compiled = (compilations[engineOf(db)] ??= build(
      db,
      ...(args.map((_, index) => new Slot(index)) as A),
    ).compile())
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    )
    const query = { ...compiled, parameters, ...(options.readsAhead && { [readsAhead]: true }) }
    const { rows } = await db.executeQuery<R>(query)
    return rows
  }
}
