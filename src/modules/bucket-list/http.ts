import { Effect, Schema } from 'effect'
import { BadRequest } from '../../platform/errors.ts'
import { decodeJsonBody, json, type ApiRequest } from '../../platform/http.ts'
import { authenticate } from '../auth/authenticate.ts'
import { createBucketList, deleteBucketList, setItemChecked } from './commands.ts'
import { listsOf } from './queries.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

/** The bucket list endpoints (spec §7): the owner's lists only. */

const Text = Schema.optional(Schema.NullOr(Schema.String))
const Item = Schema.Struct({ activity: Text, location: Text, target_date: Text, is_checked: Schema.optional(Schema.Boolean) })
const CreateBody = Schema.Struct({ title: Text, items: Schema.optional(Schema.Union([Schema.Array(Item), Schema.String])) })
const CheckBody = Schema.Struct({ is_checked: Schema.Boolean })

/** Items may arrive as a JSON string (spec §3); anything else that is not a list of items is a 400. */
const itemsOf = (items: readonly (typeof Item.Type)[] | string | undefined) =>
  typeof items !== 'string'
    ? Effect.succeed(items ?? [])
    : Effect.try({
        try: () => Schema.decodeUnknownSync(Schema.Array(Item))(JSON.parse(items)),
        catch: () => new BadRequest({ message: 'items must be a list of items' }),
      })

const orUndefined = (text: string | null | undefined) => text ?? undefined

export const handleAllBucketLists = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  return json(yield* listsOf(caller.userId))
})

export const handleCreateBucketList = Effect.fn(function* ({ request }: ApiRequest) {
  const caller = yield* authenticate(request)
  const body = yield* decodeJsonBody(CreateBody, request)
  const items = (yield* itemsOf(body.items)).map((item) => ({ ...item, activity: orUndefined(item.activity), location: orUndefined(item.location) }))
  return json({ ...(yield* createBucketList(caller.userId, { title: orUndefined(body.title), items })), message: 'Bucket list saved' }, 201)
})

export const handleCheckItem = Effect.fn(function* ({ request, params }: ApiRequest) {
  const caller = yield* authenticate(request)
  const { is_checked } = yield* decodeJsonBody(CheckBody, request)
  return json(yield* setItemChecked(caller.userId, params.id, is_checked))
})

export const handleDeleteBucketList = Effect.fn(function* ({ request, params }: ApiRequest) {
  const caller = yield* authenticate(request)
  return json(yield* deleteBucketList(caller.userId, params.id))
})

export const bucketListRoutes = [
  { method: 'GET', path: '/api/bucketlist/all', handler: handleAllBucketLists, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/bucketlist/create', handler: handleCreateBucketList, body: 'json', auth: 'bearer' },
  { method: 'PUT', path: '/api/bucketlist/item/{id}', handler: handleCheckItem, body: 'json', auth: 'bearer' },
  { method: 'DELETE', path: '/api/bucketlist/{id}', handler: handleDeleteBucketList, body: 'none', auth: 'bearer' },
] satisfies ApiRoutes
