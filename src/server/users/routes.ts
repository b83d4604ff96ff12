import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { createUserBody, updateUserBody, userPageSchema, userSchema } from './schema'
import { createUser, deleteUser, getUser, listUsers, updateUser } from './service'

/** /api/app/v1/users: the workspace's members, who own people and deals. */
export const usersRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    audit: 'user',
    tag: 'Users',
    noun: 'user',
    basePath: '/api/app/v1/users',
    item: userSchema,
    page: userPageSchema,
    createBody: createUserBody,
    updateBody: updateUserBody,
    createErrors: [409],
    updateErrors: [409],
    deleteErrors: [],
    deleteSummary: 'Delete a user; the people and deals they owned stay, with no owner',
    authErrors: [403],
    service: {
      list: listUsers,
      get: getUser,
      create: createUser,
      update: updateUser,
      remove: deleteUser,
    },
  })
