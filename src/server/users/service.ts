import { detachDeals } from '../deals/service'
import { namedRecordService } from '../named-records/service'
import { detachPeople } from '../people/service'
import { refuseReplicaSettings } from '../sync/workspace-settings'
import type { User } from './schema'

const users = namedRecordService<User, 'email'>({
  table: 'users',
  noun: 'User',
  unique: { column: 'email', taken: (email) => `A user with e-mail ${email} already exists` },
  beforeWrite: refuseReplicaSettings,
  // The people and deals a deleted user owned keep existing, with no owner.
  async beforeDelete(trx, tenantId, id, now) {
    await detachPeople(trx, { tenantId, column: 'ownerId', id }, now)
    await detachDeals(trx, { tenantId, column: 'ownerId', id }, now)
  },
})

export const {
  create: createUser,
  get: getUser,
  list: listUsers,
  all: allUsers,
  update: updateUser,
  remove: deleteUser,
} = users
