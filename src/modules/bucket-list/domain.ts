import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { BucketListNotFound } from './errors.ts'
import type { CleanItem } from './rules.ts'

/**
 * The bucket list aggregate: one `bucketlist-<id>` stream per list. Its events hold the user's own
 * content (title, activities), which is why deleting the user purges these streams (DESIGN §4).
 */
export const BucketListEvents = events({
  BucketListCreated: {
    listId: Schema.String,
    ownerId: Schema.String,
    title: Schema.String,
    items: Schema.Array(
      Schema.Struct({
        itemId: Schema.String,
        activity: Schema.String,
        location: Schema.String,
        targetDate: Schema.NullOr(Schema.String),
        checked: Schema.Boolean,
      }),
    ),
  },
  BucketListItemChecked: { listId: Schema.String, itemId: Schema.String },
  BucketListItemUnchecked: { listId: Schema.String, itemId: Schema.String },
  BucketListDeleted: { listId: Schema.String },
})
export type BucketListEvent = EventOf<typeof BucketListEvents>

export const bucketListStream = (listId: string) => `bucketlist-${listId}`

export interface BucketListState {
  readonly ownerId: string | null
  readonly deleted: boolean
  /** Each item's checked mark. */
  readonly items: ReadonlyMap<string, boolean>
}

export const initialBucketListState: BucketListState = { ownerId: null, deleted: false, items: new Map() }

export function evolveBucketList(state: BucketListState, event: BucketListEvent): BucketListState {
  switch (event.type) {
    case 'BucketListCreated':
      return { ownerId: event.data.ownerId, deleted: false, items: new Map(event.data.items.map((item) => [item.itemId, item.checked])) }
    case 'BucketListItemChecked':
    case 'BucketListItemUnchecked':
      return { ...state, items: new Map(state.items).set(event.data.itemId, event.type === 'BucketListItemChecked') }
    case 'BucketListDeleted':
      return { ...state, deleted: true }
  }
}

export type BucketListCommand =
  | {
      readonly type: 'Create'
      readonly listId: string
      readonly ownerId: string
      readonly title: string
      readonly items: readonly (CleanItem & { itemId: string })[]
    }
  | { readonly type: 'SetItemChecked'; readonly listId: string; readonly ownerId: string; readonly itemId: string; readonly checked: boolean }
  | { readonly type: 'Delete'; readonly listId: string; readonly ownerId: string }

type Decision = Result.Result<readonly BucketListEvent[], BucketListNotFound>

/** Only the owner sees a list: anyone else's command finds nothing. Checking an item twice changes nothing. */
export function decideBucketList(command: BucketListCommand, state: BucketListState): Decision {
  const { listId } = command
  if (command.type === 'Create') {
    if (state.ownerId !== null) return Result.fail(new BucketListNotFound())
    const items = command.items.map(({ itemId, activity, location, targetDate, checked }) => ({ itemId, activity, location, targetDate, checked }))
    return Result.succeed([{ type: 'BucketListCreated', data: { listId, ownerId: command.ownerId, title: command.title, items } }])
  }
  if (state.ownerId !== command.ownerId || state.deleted) return Result.fail(new BucketListNotFound())
  switch (command.type) {
    case 'SetItemChecked': {
      const checked = state.items.get(command.itemId)
      if (checked === undefined) return Result.fail(new BucketListNotFound())
      if (checked === command.checked) return Result.succeed([])
      const data = { listId, itemId: command.itemId }
      return Result.succeed([command.checked ? { type: 'BucketListItemChecked', data } : { type: 'BucketListItemUnchecked', data }])
    }
    case 'Delete':
      return Result.succeed([{ type: 'BucketListDeleted', data: { listId } }])
  }
}

export const bucketListDecider: Decider<BucketListCommand, BucketListEvent, BucketListState, BucketListNotFound> = {
  streamType: 'bucketlist',
  events: BucketListEvents,
  initialState: initialBucketListState,
  evolve: evolveBucketList,
  decide: decideBucketList,
}
