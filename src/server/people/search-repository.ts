import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely'
import { engineOf, type Db, type Engine } from '../db/connection'
import type { Database } from '../db/database'
import type { KeyStart } from '../http/list-extensions'
import { shortSearchCountCap, type PeopleFilters } from './search-schema'
import { countRows } from '../db/count-rows'
import { selectRecordTotal } from '../db/record-page'
import { containsPattern } from '../db/like-pattern'
import { isBeyondAscii, lowerFor } from '../db/fold'
import { fold } from '../db/text-fold'
import { afterKey } from '../db/keyset'
import { customFieldIs } from '../custom-fields/filter'

// From three characters, "contains" through the trigram index. Below it, "a word starts with"
// through the index of every word's first letters (people_prefix); text with no letter or digit
// in it falls back to reading every person.
const minimumIndexedLength = 3

/** The words of one- or two-character text, or null when it has no word in it. */
function prefixQuery(text: string): string[] | null {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  return words.length === 0 ? null : words
}

/** The FTS5 query: every word starts a word of the name or e-mail. */
const ftsPrefix = (words: string[]) => words.map((word) => `"${word}" *`).join(' AND ')

// On PostgreSQL, people's search reads two indexes over this expression, name and e-mail lower-cased
// and without accents as FTS5's tokenizers fold them: pg_trgm's (the baseline migration) from three
// characters, the words' starts (people_word_starts) below.
const foldedText = sql`outpost_fold(people.full_name || chr(1) || coalesce(people.primary_email::text, ''))`

// Where a word starts, as people_word_starts splits words: at the start of the text, or after an
// ASCII space, punctuation or control character.
const postgresWordStart = String.raw`(^|[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f])`

/** PostgreSQL: a word of the name or e-mail starts with `word`, checked on the person. */
const postgresWordCheck = (word: string) =>
  sql<boolean>`${foldedText} ~ (${postgresWordStart} || outpost_fold(${word}))`

/**
 * As postgresWordCheck, found through the index of every word's one- and two-character starts
 * (people_word_starts, migrations-postgres 2026-11-28T1600). A word folded longer than two
 * characters (a ligature: "ﬃ" is "ffi") is then checked whole.
 */
const postgresWordMatch = (word: string) =>
  sql<boolean>`(outpost_word_starts(${foldedText}) @> array[left(outpost_fold(${word}), 2)]
    and (length(outpost_fold(${word})) <= 2 or ${postgresWordCheck(word)}))`

/**
 * PostgreSQL: every word starts a word of the name or e-mail. `indexed`: through
 * people_word_starts, for the planner to read the index; otherwise checked person by person,
 * which costs a tenth of computing a person's word starts, for a walk along the list's order.
 */
const postgresPrefixMatch = (words: string[], indexed = true) =>
  sql<boolean>`${sql.join(words.map(indexed ? postgresWordMatch : postgresWordCheck), sql` and `)}`

/** An FTS5 string, quotes doubled. */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * The FTS5 query of text of three characters or more: the people holding every one of its
 * trigrams. The index keeps no positions (detail=none), so that is all it can say: whether those
 * trigrams make the text in a row is checked on the person (`containsText`).
 */
function ftsTrigrams(characters: string[]): string {
  const trigrams = new Set<string>()
  for (let at = 0; at + 3 <= characters.length; at++) {
    trigrams.add(characters.slice(at, at + 3).join(''))
  }
  return [...trigrams].map(ftsString).join(' AND ')
}

/**
 * Whether the name or e-mail holds the text, as the trigram index folds both (case and accents).
 * LIKE (in C, ASCII case folded) answers for most; outpost_fold (db/fold.ts) for the rest.
 */
function containsText(text: string) {
  const pattern = containsPattern(text)
  const folded = fold(text)
  return sql<boolean>`(people.full_name like ${pattern} escape '\\'
    or people.primary_email like ${pattern} escape '\\'
    or instr(outpost_fold(people.full_name), ${folded}) > 0
    or instr(outpost_fold(people.primary_email), ${folded}) > 0)`
}

type PeopleQuery = SelectQueryBuilder<Database, 'people', object>

// By name: the key written with the name, folded as search folds it (db/text-fold.ts orderKey).
const sortColumns = {
  createdAt: sql`people.created_at`,
  updatedAt: sql`people.updated_at`,
  fullName: sql`people.name_key`,
}

/**
 * A person_tags row holds `tag`, compared without case. The tag's indexes compare A to Z without
 * case only (SQLite's nocase, citext in a C database): a tag with other letters is compared in
 * lower case, row by row (db/fold.ts).
 */
const tagIs =
  (tag: string) =>
  (eb: ExpressionBuilder<Database, 'personTags'>): Expression<SqlBool> =>
    isBeyondAscii(tag)
      ? eb(lowerFor(sql.ref('person_tags.tag'), tag), '=', tag.toLowerCase())
      : eb('personTags.tag', '=', tag)

/**
 * The filters as SQL conditions on people. `prefixFromIndex`: a short search's matches are read
 * from its index (SQLite: their rowids gathered from people_prefix; PostgreSQL: people_word_starts)
 * rather than checked person by person along a walk.
 */
function applyFilters(
  engine: Engine,
  query: PeopleQuery,
  tenantId: string,
  filters: PeopleFilters,
  prefixFromIndex = false,
): PeopleQuery {
  let filtered = query.where('people.tenantId', '=', tenantId)
  const text = filters.q?.trim()
  const characters = text ? Array.from(text) : []
  const prefix = text && characters.length < minimumIndexedLength ? prefixQuery(text) : null
  if (engine === 'postgres' && text && characters.length >= minimumIndexedLength) {
    filtered = filtered.where(
      sql<boolean>`${foldedText} like outpost_fold(${containsPattern(text)}) escape '\\'`,
    )
  } else if (engine === 'postgres' && prefix) {
    filtered = filtered.where(postgresPrefixMatch(prefix, prefixFromIndex))
  } else if (text && characters.length >= minimumIndexedLength) {
    filtered = filtered.where(
      sql<boolean>`people.rowid in (select rowid from people_search where people_search match ${ftsTrigrams(characters)})`,
    )
    // Three characters are one trigram: the index's answer is exact.
    if (characters.length > minimumIndexedLength) filtered = filtered.where(containsText(text))
  } else if (prefix && prefixFromIndex) {
    // Few matches (at most the count's cap), or name order (listMatchingPeople): their rowids are
    // gathered once, and the walk along the order's index checks each person against that list.
    filtered = filtered.where(
      sql<boolean>`people.rowid in (select rowid from people_prefix
        where people_prefix match ${ftsPrefix(prefix)})`,
    )
  } else if (prefix) {
    // Probed person by person along the newest-first index, so a page of a common prefix ("a")
    // stops at its last row instead of gathering every match first.
    filtered = filtered.where(
      sql<boolean>`exists (select 1 from people_prefix
        where people_prefix match ${ftsPrefix(prefix)} and people_prefix.rowid = people.rowid)`,
    )
  } else if (text) {
    const pattern = containsPattern(text)
    filtered = filtered.where(
      sql<boolean>`(${lowerFor(sql.ref('people.full_name'), text)} like ${pattern} escape '\\' or people.primary_email like ${pattern} escape '\\')`,
    )
  }
  if (filters.lifecycleStage) {
    filtered = filtered.where('people.lifecycleStage', '=', filters.lifecycleStage)
  }
  if (filters.ownerId) filtered = filtered.where('people.ownerId', '=', filters.ownerId)
  // The unique (tenant, e-mail) index: one row at most.
  if (filters.email) filtered = filtered.where('people.primaryEmail', '=', filters.email)
  if (filters.updatedSince) {
    filtered = filtered.where('people.updatedAt', '>=', filters.updatedSince)
  }
  if (filters.companyId) filtered = filtered.where('people.companyId', '=', filters.companyId)
  if (filters.customField) {
    filtered = filtered.where(customFieldIs(engine, 'people.custom_fields', filters.customField))
  }
  if (filters.tag) {
    const tag = filters.tag
    // EXISTS, not IN: the page is then read in newest-first index order, each person checked
    // against the tag's primary key, and the scan stops at the page's end.
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('personTags')
          .select('personTags.personId')
          .whereRef('personTags.personId', '=', 'people.id')
          .where(tagIs(tag)),
      ),
    )
  }
  return filtered
}

/** How many people match: `total`, and `capped` when a short search counted only up to its cap. */
export interface MatchCount {
  total: number
  capped: boolean
}

/**
 * How many people of the workspace match the filters: exact, but for a one- or two-letter search
 * no more than the cap, with `capped` when there are more.
 */
export async function countMatchingPeople(
  db: Db,
  tenantId: string,
  filters: PeopleFilters,
  { exact = false }: { exact?: boolean } = {},
): Promise<MatchCount> {
  const prefix = filters.q?.trim() ? shortPrefix(filters.q.trim()) : null
  if (prefix) {
    // The v1 list's total is exact, as the contract says, however long the count takes.
    const cap = exact ? null : shortSearchCountCap
    const total = await countShortMatches(db, tenantId, { ...filters, q: undefined }, prefix, cap)
    return cap === null
      ? { total, capped: false }
      : { total: Math.min(total, cap), capped: total > cap }
  }
  return { total: await countAllMatches(db, tenantId, filters), capped: false }
}

async function countAllMatches(db: Db, tenantId: string, filters: PeopleFilters): Promise<number> {
  // The order does not change how many match.
  const { tag, sort: _order, ...others } = filters
  // No filter at all: the workspace's count, kept by triggers.
  if (tag === undefined && Object.values(others).every((value) => value === undefined)) {
    return selectRecordTotal(db, 'people', tenantId)
  }
  if (tag && Object.values(others).every((value) => value === undefined)) {
    // A tag alone: its rows are the matches (one per person, removed with the person).
    return countRows(db.selectFrom('personTags').where('tenantId', '=', tenantId).where(tagIs(tag)))
  }
  const { q, ...narrowing } = others
  const characters = Array.from(q?.trim() ?? '')
  if (
    characters.length === minimumIndexedLength &&
    (await indexCountsAlone(db, tenantId, { ...narrowing, tag }))
  ) {
    // Three characters are one trigram, which the index answers exactly: its own count is the
    // workspace's (11 ms against 420 for "sil" at a million people).
    const { rows } = await sql<{ total: number }>`select count(*) as total from people_search
      where people_search match ${ftsTrigrams(characters)}`.execute(db)
    return rows[0]?.total ?? 0
  }
  if (characters.length >= minimumIndexedLength && (await searchFromIndex(db, tenantId))) {
    const matches = fromSearchIndex(db, characters)
    return countRows(applyFilters('sqlite', matches, tenantId, { ...filters, q: undefined }))
  }
  return countRows(applyFilters(engineOf(db), db.selectFrom('people'), tenantId, filters))
}

/**
 * Whether a search of three characters or more reads its matches from the trigram index
 * outwards (fromSearchIndex) rather than walking the workspace's people checking each: on SQLite,
 * when the workspace holds at least half the file's people (as on most laptops, which keep one).
 * Its matches are then at most twice its people, and each is looked up by rowid: counting the
 * matches of "silva" took 105 ms so against 443 at a million people, those of a whole e-mail
 * 1.4 ms against 131. A small workspace beside a large one walks its own few people instead.
 */
async function searchFromIndex(db: Db, tenantId: string): Promise<boolean> {
  if (engineOf(db) !== 'sqlite') return false
  const { workspace, file } = await peopleCounts(db, tenantId)
  return 2 * workspace >= file
}

/**
 * The people whose name or e-mail holds the text (three characters or more), read from the
 * trigram index outwards (CROSS JOIN keeps that order): its matches in rowid order, each looked
 * up in people and checked. SQLite only.
 */
function fromSearchIndex(db: Db, characters: string[]): PeopleQuery {
  const matches = db
    .selectFrom('peopleSearch')
    .crossJoin('people')
    .where(
      sql<boolean>`people.rowid = people_search.rowid and people_search match ${ftsTrigrams(characters)}`,
    ) as unknown as PeopleQuery
  // Three characters are one trigram: the index's answer is exact.
  return characters.length > minimumIndexedLength
    ? matches.where(containsText(characters.join('')))
    : matches
}

// In characters, not UTF-16 units: an emoji is one character, as the trigram tokenizer counts.
const shortPrefix = (text: string) =>
  Array.from(text).length < minimumIndexedLength ? prefixQuery(text) : null

/**
 * The matches of a one- or two-letter search, counted from the prefix index outwards and no
 * further than the cap (one past it): one letter can match most of a million people, and counting
 * them all would take longer than the search itself (a cap as HubSpot's search has).
 */
async function countShortMatches(
  db: Db,
  tenantId: string,
  filters: PeopleFilters,
  prefix: string[],
  cap: number | null,
): Promise<number> {
  const { sort: _order, ...others } = filters
  const matches = (await indexCountsAlone(db, tenantId, others))
    ? (db
        .selectFrom('peoplePrefix')
        .where(sql<boolean>`people_prefix match ${ftsPrefix(prefix)}`) as unknown as PeopleQuery)
    : applyFilters(engineOf(db), fromPrefixIndex(db, prefix), tenantId, filters)
  if (cap === null) return countRows(matches)
  const capped = matches.select(sql`1`.as('one')).limit(cap + 1)
  return countRows(db.selectFrom(capped.as('capped')))
}

/**
 * Whether a search index's own count of the text is the workspace's: on SQLite, with no other
 * filter (`narrowing`), when every person of the file is in this workspace (as on most laptops,
 * which keep one) and the indexes have taken every change. Then no match is looked up in people to
 * check its workspace (2 ms against 12 for 10,000 matches, bench/ W14). While a change waits to be
 * moved into the indexes (one another program made), each match is looked up, as beside other
 * workspaces: an index may still hold a deleted person.
 */
async function indexCountsAlone(db: Db, tenantId: string, narrowing: object): Promise<boolean> {
  if (engineOf(db) !== 'sqlite') return false
  if (!Object.values(narrowing).every((value) => value === undefined)) return false
  const { workspace, file } = await peopleCounts(db, tenantId)
  if (workspace !== file) return false
  const { rows } = await sql<{ pending: number }>`select
      exists (select 1 from people_search_pending) as pending`.execute(db)
  return rows[0]?.pending === 0
}

/** The workspace's people and the file's (every workspace's), from the counts kept of them. */
async function peopleCounts(db: Db, tenantId: string) {
  const { rows } = await sql<{ workspace: number; file: number }>`select
      coalesce((select total from record_counts where tenant_id = ${tenantId} and kind = 'people'), 0)
        as workspace,
      (select coalesce(sum(total), 0) from record_counts where kind = 'people') as file`.execute(db)
  return rows[0]!
}

/**
 * The people a prefix matches, read from people_prefix outwards (CROSS JOIN keeps that order):
 * its matches in rowid order, each looked up in people. On PostgreSQL, the people the trigram
 * index finds.
 */
const fromPrefixIndex = (db: Db, prefix: string[]) =>
  engineOf(db) === 'postgres'
    ? db.selectFrom('people').where(postgresPrefixMatch(prefix))
    : (db
        .selectFrom('peoplePrefix')
        .crossJoin('people')
        .where(
          sql<boolean>`people.rowid = people_prefix.rowid and people_prefix match ${ftsPrefix(prefix)}`,
        ) as unknown as PeopleQuery)

// What passing one person costs on a walk that checks each against the matches' gathered rowids,
// in matches gathered and sorted instead: 0.12 µs against 2.2, measured at 100,000 people (bench/
// W14). Past the cap a walk probes the index person by person (3.7 µs each) and stops sooner.
const walkCost = 0.06

/** Whether the matches are few enough to gather their rowids once (at most the count's cap). */
const fewMatches = (matches: MatchCount) => !matches.capped && matches.total <= shortSearchCountCap

/**
 * Whether a page of a search is found sooner by walking the order than by gathering every match
 * from its index and sorting them: the walk passes about `wanted` × people / matches persons
 * before it has the page (every person, for a search that finds one). Past the count's cap, the
 * matches are many: always a walk.
 */
async function walkSearch(
  db: Db,
  tenantId: string,
  matches: MatchCount,
  wanted: number,
): Promise<boolean> {
  if (!fewMatches(matches)) return true
  if (matches.total === 0) return false
  const people = await selectRecordTotal(db, 'people', tenantId)
  return wanted * people * walkCost <= matches.total * matches.total
}

/**
 * One page of the matching people in the order asked (newest first by default), id breaking ties,
 * each row with its value of the sort column (`sortKey`, for a cursor); with `start`, the rows
 * after that key (a cursor page) instead of an offset. A search (whose `matches`, counted first,
 * say how many there are) either walks the order checking each person, which stops after a page
 * of a common text but would read everyone for a rare one, or gathers the matches from its index
 * and sorts them, whichever finds the page sooner: one or two letters from the prefix index, more
 * from the trigram index where searchFromIndex says so (a whole e-mail at a million people: 2 ms
 * against 130 walking).
 */
export async function listMatchingPeople(
  db: Db,
  tenantId: string,
  filters: PeopleFilters,
  page: {
    limit: number
    offset: number
    matches: MatchCount
    start?: KeyStart
  },
) {
  const text = filters.q?.trim() ?? ''
  const prefix = text ? shortPrefix(text) : null
  const characters = Array.from(text)
  const indexed = characters.length >= minimumIndexedLength
  const wanted = page.start ? page.limit : page.offset + page.limit
  const gather =
    (prefix !== null || (indexed && (await searchFromIndex(db, tenantId)))) &&
    !(await walkSearch(db, tenantId, page.matches, wanted))
  const source = !gather
    ? db.selectFrom('people')
    : prefix
      ? fromPrefixIndex(db, prefix)
      : fromSearchIndex(db, characters)
  const direction = filters.sort.startsWith('-') ? 'desc' : 'asc'
  // Each order has its index: (tenant, created_at, id), (tenant, updated_at, id) and (tenant,
  // name_key, id).
  const engine = engineOf(db)
  const sortColumn = filters.sort.replace('-', '') as keyof typeof sortColumns
  const nameOrder = sortColumn === 'fullName'
  // In name order a prefix's matches bunch together (the names it starts are one stretch), so a
  // walk probing person by person may pass most of the list before it has a page: 879 ms for "a"
  // at a million people in reverse name order, against 87 with the rowids gathered once.
  const gatherInOrder = prefix !== null && (gather || nameOrder)
  // PostgreSQL's planner would take the matches as spread evenly along the order's index and walk
  // it computing each person's word starts (2.5 s for "j" at 100,000 people in name order). An
  // order that index cannot give (the same text) makes it gather the matches from
  // people_word_starts and sort them: 28 ms. A walk there checks each person's text instead.
  const order =
    engine === 'postgres' && gatherInOrder
      ? sql`(${sortColumns[sortColumn]} || '')`
      : sortColumns[sortColumn]
  let query = applyFilters(
    engine,
    source,
    tenantId,
    gather ? { ...filters, q: undefined } : filters,
    engine === 'postgres' ? gatherInOrder : fewMatches(page.matches) || nameOrder,
  )
  if (page.start) query = query.where(afterKey(order, sql`people.id`, direction, page.start))
  return query
    .selectAll('people')
    .select(sql<string>`${order}`.as('sortKey'))
    .orderBy(order, direction)
    .orderBy('people.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}
