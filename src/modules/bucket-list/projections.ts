import type { ExpressionBuilder } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection } from '../../events/types.ts'
import { AccountEvents } from '../auth/domain.ts'
import { BucketListEvents } from './domain.ts'
import type { ReadModels } from '../../events/registry.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    bucket_lists: { id: string; owner_id: string; title: string; created_at: Date }
    bucket_list_items: {
      id: string
      list_id: string
      position: number
      activity: string
      location: string
      target_date: string | null
      is_checked: boolean
    }
  }
}

const ReadEvents = combineEvents(BucketListEvents, pickEvents(AccountEvents, ['UserDeleted']))

/** Every saved bucket list with its items (inline: the page sees its own writes). A deleted user's lists go. */
export const bucketListsProjection: Projection<EventOf<typeof ReadEvents>> = {
  name: 'bucket_lists',
  events: ReadEvents,
  tables: ['bucket_lists', 'bucket_list_items'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".bucket_lists (
      id         uuid PRIMARY KEY,
      owner_id   uuid NOT NULL,
      title      text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON "${schema}".bucket_lists (owner_id, created_at DESC);
    CREATE TABLE "${schema}".bucket_list_items (
      id          uuid PRIMARY KEY,
      list_id     uuid NOT NULL,
      position    integer NOT NULL,
      activity    text NOT NULL,
      location    text NOT NULL,
      target_date date,
      is_checked  boolean NOT NULL
    );
    CREATE INDEX ON "${schema}".bucket_list_items (list_id, position)`,
  apply: async (db, events) => {
    for (const event of events) {
      switch (event.type) {
        case 'BucketListCreated': {
          const { listId, ownerId, title, items } = event.data
          await db.insertInto('bucket_lists').values({ id: listId, owner_id: ownerId, title, created_at: event.occurredAt }).execute()
          await db
            .insertInto('bucket_list_items')
            .values(
              items.map((item, position) => ({
                id: item.itemId,
                list_id: listId,
                position,
                activity: item.activity,
                location: item.location,
                target_date: item.targetDate,
                is_checked: item.checked,
              })),
            )
            .execute()
          break
        }
        case 'BucketListItemChecked':
        case 'BucketListItemUnchecked':
          await db
            .updateTable('bucket_list_items')
            .set({ is_checked: event.type === 'BucketListItemChecked' })
            .where('id', '=', event.data.itemId)
            .execute()
          break
        case 'BucketListDeleted':
          await db.deleteFrom('bucket_list_items').where('list_id', '=', event.data.listId).execute()
          await db.deleteFrom('bucket_lists').where('id', '=', event.data.listId).execute()
          break
        case 'UserDeleted':
          await db
            .deleteFrom('bucket_list_items')
            .where('list_id', 'in', (eb: ExpressionBuilder<any, any>) => eb.selectFrom('bucket_lists').select('id').where('owner_id', '=', event.data.userId))
            .execute()
          await db.deleteFrom('bucket_lists').where('owner_id', '=', event.data.userId).execute()
          break
      }
    }
  },
}

/** The bucket list module's read models (src/app/registry.ts gathers every module's). */
export const bucketListReadModels: ReadModels = { inline: [bucketListsProjection] }
