import { sql, type SelectQueryBuilder } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/database'
import type { PeopleFilters } from './search-schema'
import { countRows } from '../db/count-rows'
import { selectRecordTotal } from '../db/record-page'

// Below three characters the trigram index cannot help; such short searches read every person of
// the workspace, which is still quick enough for what a person types in a search box.
const minimumIndexedLength = 3

/** An FTS5 phrase: the text must appear as typed, quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

/** `text` as a LIKE pattern that matches it anywhere, with its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

type PeopleQuery = SelectQueryBuilder<Database, 'people', object>

function applyFilters(query: PeopleQuery, tenantId: string, filters: PeopleFilters): PeopleQuery {
  let filtered = query.where('people.tenantId', '=', tenantId)
  const text = filters.q?.trim()
  if (text && text.length >= minimumIndexedLength) {
    filtered = filtered.where(
      sql<boolean>`people.rowid in (select rowid from people_search where people_search match ${ftsPhrase(text)})`,
    )
  } else if (text) {
    const pattern = containsPattern(text)
    filtered = filtered.where(
      sql<boolean>`(lower(people.full_name) like ${pattern} escape '\\' or people.primary_email like ${pattern} escape '\\')`,
    )
  }
  if (filters.lifecycleStage) {
    filtered = filtered.where('people.lifecycleStage', '=', filters.lifecycleStage)
  }
  if (filters.ownerId) filtered = filtered.where('people.ownerId', '=', filters.ownerId)
  if (filters.tag) {
    const tag = filters.tag
    // EXISTS, not IN: the page is then read in newest-first index order, each person checked
    // against the tag's primary key, and the scan stops at the page's end.
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('personTags')
          .select('personTags.personId')
          .whereRef('personTags.personId', '=', 'people.id')
          .where('personTags.tag', '=', tag),
      ),
    )
  }
  return filtered
}

/** How many people of the workspace match the filters. */
export async function countMatchingPeople(
  db: Db,
  tenantId: string,
  filters: PeopleFilters,
): Promise<number> {
  const { tag, ...others } = filters
  // No filter at all: the workspace's count, kept by triggers.
  if (Object.values(filters).every((value) => value === undefined)) {
    return selectRecordTotal(db, 'people', tenantId)
  }
  if (tag && !others.q && !others.lifecycleStage && !others.ownerId) {
    // A tag alone: its rows are the matches (one per person, removed with the person).
    return countRows(
      db.selectFrom('personTags').where('tenantId', '=', tenantId).where('tag', '=', tag),
    )
  }
  return countRows(applyFilters(db.selectFrom('people'), tenantId, filters))
}

/** One page of the matching people, newest first with id as the tie-breaker. */
export async function listMatchingPeople(
  db: Db,
  tenantId: string,
  filters: PeopleFilters,
  limit: number,
  offset: number,
) {
  return applyFilters(db.selectFrom('people'), tenantId, filters)
    .selectAll('people')
    .orderBy('people.createdAt', 'desc')
    .orderBy('people.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}
