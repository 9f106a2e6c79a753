import { Effect } from 'effect'
import { randomUUID } from 'node:crypto'
import { handleCommand } from '../../events/decider.ts'
import { EventStore } from '../../events/event-store.ts'
import { isUuid } from '../../platform/ids.ts'
import { dayOf, now } from '../../platform/time.ts'
import type { UserDataEraser } from '../auth/erasure.ts'
import { bucketListDecider, bucketListStream } from './domain.ts'
import { BucketListNotFound, InvalidBucketList } from './errors.ts'
import { listIdsOwnedBy, listOfItem } from './queries.ts'
import { validateBucketList, type ItemInput } from './rules.ts'

/** An id from a URL: anything that cannot be an id names nothing. */
const idFrom = (id: string | undefined) => (isUuid(id) ? Effect.succeed(id.toLowerCase()) : Effect.fail(new BucketListNotFound()))

/** A day of slack on "not in the past": the page checks against the traveller's own today, which may be UTC's yesterday. */
const earliestTargetDate = (at: Date) => dayOf(new Date(at.getTime() - 86_400_000))

/** POST /api/bucketlist/create */
export const createBucketList = Effect.fn('BucketLists.create')(function* (
  ownerId: string,
  input: { readonly title?: string | undefined; readonly items?: readonly ItemInput[] | undefined },
) {
  const checked = validateBucketList(input, earliestTargetDate(yield* now))
  if (!checked.ok) return yield* new InvalidBucketList({ message: checked.message })
  const listId = randomUUID()
  const items = checked.items.map((item) => ({ ...item, itemId: randomUUID() }))
  yield* handleCommand(bucketListDecider, bucketListStream(listId), { type: 'Create', listId, ownerId, title: checked.title, items }, { actorId: ownerId })
  return { bucketListId: listId }
})

/** PUT /api/bucketlist/item/{id} */
export const setItemChecked = Effect.fn('BucketLists.setItemChecked')(function* (ownerId: string, id: string | undefined, checked: boolean) {
  const itemId = yield* idFrom(id)
  const listId = yield* listOfItem(itemId, ownerId)
  if (!listId) return yield* new BucketListNotFound()
  yield* handleCommand(bucketListDecider, bucketListStream(listId), { type: 'SetItemChecked', listId, ownerId, itemId, checked }, { actorId: ownerId })
  return { id: itemId, is_checked: checked }
})

/** DELETE /api/bucketlist/{id} */
export const deleteBucketList = Effect.fn('BucketLists.delete')(function* (ownerId: string, id: string | undefined) {
  const listId = yield* idFrom(id)
  yield* handleCommand(bucketListDecider, bucketListStream(listId), { type: 'Delete', listId, ownerId }, { actorId: ownerId })
  return { message: 'Bucket list deleted' }
})

/** When a user is deleted, their lists' streams go (the read model drops the rows on `UserDeleted`). */
export const bucketListEraser: UserDataEraser = {
  module: 'bucket-list',
  erase: (userId) =>
    Effect.gen(function* () {
      const ids = yield* listIdsOwnedBy(userId)
      yield* EventStore.use((store) => store.purge(ids.map(bucketListStream)))
    }),
}
