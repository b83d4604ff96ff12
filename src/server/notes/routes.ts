import { createRoute } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import {
  createNoteBody,
  notePageSchema,
  noteQuery,
  noteSchema,
  updateNoteBody,
  type NoteQuery,
} from './schema'
import { createNote, deleteNote, getNote, listNotes, updateNote } from './service'

/** /api/v1/notes: Outpost's extension of the contract (docs/activities.md). */
export function notesRoutes(deps: RouteDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: ['Notes'],
        operationId: 'listNotes',
        summary: 'List notes, newest first by notedAt, of a person, deal or company',
        description:
          'One page of notes, newest first by `notedAt`, filtered by person, deal, company or pinned.',
        request: { query: noteQuery },
        responses: {
          200: jsonResponse(notePageSchema, 'One page of notes'),
          ...errorResponses(400, 401, 429),
        },
      }),
      async (c) => {
        const query = validated<NoteQuery>(c, 'query')
        return c.json(await listNotes(c.get('db'), c.get('auth').tenantId, query), 200)
      },
    )
    .route(
      '/',
      crudRoutes(deps, {
        tag: 'Notes',
        noun: 'note',
        basePath: '/api/v1/notes',
        item: noteSchema,
        page: notePageSchema,
        createBody: createNoteBody,
        updateBody: updateNoteBody,
        createErrors: [422],
        updateErrors: [422],
        deleteErrors: [],
        deleteSummary: 'Delete a note',
        summaries: { create: 'Write a note on a person, deal or company' },
        authErrors: [],
        service: {
          get: getNote,
          // Not the services themselves: the router passes the request's context where sync
          // passes what was decided elsewhere.
          create: (db, tenantId, input, now) => createNote(db, tenantId, input, now),
          update: (db, tenantId, id, input, now) => updateNote(db, tenantId, id, input, now),
          remove: deleteNote,
        },
      }),
    )
}
