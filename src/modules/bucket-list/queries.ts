import { Effect } from 'effect'
import { sql } from 'kysely'
import { query } from '../../platform/database.ts'
import './projections.ts'

/** Reads of the bucket list read model; another user's list or item is simply not found. */

export interface BucketListView {
  readonly id: string
  readonly title: string
  readonly created_at: string
  readonly items: readonly { id: string; activity: string; location: string; target_date: string | null; is_checked: boolean }[]
}

/** GET /api/bucketlist/all: the caller's lists, newest first, items in the order they were written. */
export const listsOf = Effect.fn('BucketLists.of')(function* (ownerId: string) {
  const [lists, items] = yield* Effect.all(
    [
      query((db) =>
        db.selectFrom('bucket_lists').select(['id', 'title', 'created_at']).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').execute(),
      ),
      query((db) =>
        db
          .selectFrom('bucket_list_items')
          .innerJoin('bucket_lists', 'bucket_lists.id', 'bucket_list_items.list_id')
          .select([
            'bucket_list_items.id',
            'bucket_list_items.list_id',
            'bucket_list_items.activity',
            'bucket_list_items.location',
            sql<string | null>`to_char(bucket_list_items.target_date, 'YYYY-MM-DD')`.as('target_date'),
            'bucket_list_items.is_checked',
          ])
          .where('bucket_lists.owner_id', '=', ownerId)
          .orderBy('bucket_list_items.position')
          .execute(),
      ),
    ],
    { concurrency: 2 },
  )
  return lists.map((list): BucketListView => ({
    id: list.id,
    title: list.title,
    created_at: list.created_at.toISOString(),
    items: items.filter((item) => item.list_id === list.id).map(({ list_id: _list, ...item }) => item),
  }))
})

/** The list an item of the caller's belongs to, if any. */
export const listOfItem = Effect.fn('BucketLists.listOfItem')(function* (itemId: string, ownerId: string) {
  const row = yield* query((db) =>
    db
      .selectFrom('bucket_list_items')
      .innerJoin('bucket_lists', 'bucket_lists.id', 'bucket_list_items.list_id')
      .select('bucket_lists.id')
      .where('bucket_list_items.id', '=', itemId)
      .where('bucket_lists.owner_id', '=', ownerId)
      .executeTakeFirst(),
  )
  return row?.id
})

/** The ids of every list a user owns (to purge their streams when the user is deleted). */
export const listIdsOwnedBy = Effect.fn('BucketLists.idsOwnedBy')(function* (ownerId: string) {
  const rows = yield* query((db) => db.selectFrom('bucket_lists').select('id').where('owner_id', '=', ownerId).execute())
  return rows.map((row) => row.id)
})
