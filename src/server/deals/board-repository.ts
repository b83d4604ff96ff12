import type { Db } from '../db/connection'

/** Every deal of a pipeline as a card, with the names of its person, owner and company. */
export async function listBoardCards(db: Db, tenantId: string, pipelineId: string) {
  return db
    .selectFrom('deals')
    .leftJoin('people', 'people.id', 'deals.primaryPersonId')
    .leftJoin('users', 'users.id', 'deals.ownerId')
    .leftJoin('companies', 'companies.id', 'deals.primaryCompanyId')
    .select([
      'deals.id',
      'deals.title',
      'deals.value',
      'deals.currency',
      'deals.stageId',
      'deals.ownerId',
      'users.name as ownerName',
      'deals.primaryPersonId',
      'people.fullName as personName',
      'deals.primaryCompanyId',
      'companies.name as companyName',
      'deals.expectedCloseDate',
      'deals.lostReasonId',
      'deals.closedAt',
      'deals.updatedAt',
    ])
    .where('deals.tenantId', '=', tenantId)
    .where('deals.pipelineId', '=', pipelineId)
    .orderBy('deals.updatedAt', 'desc')
    .orderBy('deals.id', 'desc')
    .execute()
}
