import { Effect, Schema } from 'effect'
import { decodeJsonBody, decodeQuery, json, type ApiRequest } from '../../platform/http.ts'
import { authorize } from '../auth/authenticate.ts'
import { blockUser, changeRole, deleteUser, targetId, unblockUser, warnUser } from './moderation.ts'
import { activeUsersIn, activitySeries, COUNT_CAP, dashboardStats, latestWarning, moderationHistory, searchUsers } from './queries.ts'
import { clearPostReports, listPosts, removePost } from './posts.ts'
import { ACTIONS } from './rules.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

/** The admin endpoints (spec §7, admin): admins and super-admins only. */

const ADMINS = ['admin', 'super-admin']
const asAdmin = (request: Request) => authorize(request, ADMINS)

const Text = Schema.optional(Schema.String)
const Count = Schema.optional(Schema.NumberFromString)
const NoteBody = Schema.Struct({ reason: Schema.optional(Schema.NullOr(Schema.String)) })
const RoleBody = Schema.Struct({ role: Schema.Literals(['user', 'admin']) })
const PostsQuery = Schema.Struct({ reported: Schema.optional(Schema.Literals(['true', 'false', '1', '0', ''])), before: Count, limit: Count })
const PeriodQuery = Schema.Struct({ date: Text, month: Text })
const UsersQuery = Schema.Struct({ search: Text, status: Schema.optional(Schema.Literals(['active', 'banned', ''])), limit: Count, offset: Count })
const HistoryQuery = Schema.Struct({
  admin: Text,
  target: Text,
  action: Schema.optional(Schema.Literals([...ACTIONS, ''])),
  from: Text,
  to: Text,
  limit: Count,
  offset: Count,
})

const reasonOf = (request: Request) => Effect.map(decodeJsonBody(NoteBody, request), (body) => body.reason ?? undefined)

export const handleDashboard = Effect.fn(function* ({ request }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* dashboardStats())
})

/** Query: date=YYYY-MM-DD or month=YYYY-MM. */
export const handleActiveUsers = Effect.fn(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* activeUsersIn(yield* decodeQuery(PeriodQuery, url)))
})

/** Daily active users over 30 days, monthly over 12. */
export const handleCharts = Effect.fn(function* ({ request }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* activitySeries())
})

/** The rows, with the total in X-Total-Count ("1000+" beyond 1000). Query: search=&status=active|banned&limit=&offset=. */
export const handleUsers = Effect.fn(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const input = yield* decodeQuery(UsersQuery, url)
  const { users, total } = yield* searchUsers({ ...input, status: input.status || undefined })
  return json(users, 200, { 'X-Total-Count': total > COUNT_CAP ? `${COUNT_CAP}+` : String(total) })
})

/** Optional body: reason. */
export const handleBlock = Effect.fn(function* ({ request, params }: ApiRequest) {
  return json(yield* blockUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

/** Optional body: reason. */
export const handleUnblock = Effect.fn(function* ({ request, params }: ApiRequest) {
  return json(yield* unblockUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

/** Optional body: reason. */
export const handleDeleteUser = Effect.fn(function* ({ request, params }: ApiRequest) {
  return json(yield* deleteUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

export const handleLatestWarning = Effect.fn(function* ({ request, params }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* latestWarning(yield* targetId(params.id)))
})

/** Body: reason. */
export const handleWarn = Effect.fn(function* ({ request, params }: ApiRequest) {
  return json(yield* warnUser(yield* asAdmin(request), params.id, yield* reasonOf(request)), 201)
})

/** Body: role user|admin; super-admins only. */
export const handleRole = Effect.fn(function* ({ request, params }: ApiRequest) {
  const caller = yield* asAdmin(request)
  const { role } = yield* decodeJsonBody(RoleBody, request)
  return json(yield* changeRole(caller, params.id, role))
})

/** The moderation history. Query: admin=&target=&action=&from=&to=&limit=&offset=. */
export const handleActivity = Effect.fn(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const filter = yield* decodeQuery(HistoryQuery, url)
  const { entries, total } = yield* moderationHistory({ ...filter, action: filter.action || undefined })
  return json(entries, 200, { 'X-Total-Count': String(total) })
})

/** Posts newest first, with the author's e-mail and the open reports' reasons. Query: reported=true&before=&limit=. */
export const handlePosts = Effect.fn(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const input = yield* decodeQuery(PostsQuery, url)
  const { posts, nextBefore } = yield* listPosts({ ...input, reported: input.reported === 'true' || input.reported === '1' })
  return json(posts, 200, nextBefore === null ? {} : { 'X-Next-Before': String(nextBefore) })
})

export const handleClearReport = Effect.fn(function* ({ request, params }: ApiRequest) {
  return json(yield* clearPostReports(yield* asAdmin(request), params.postId))
})

/** Optional body: reason, told to the author. */
export const handleRemovePost = Effect.fn(function* ({ request, params }: ApiRequest) {
  const caller = yield* asAdmin(request)
  const reason = request.headers.get('content-type')?.includes('json') ? yield* reasonOf(request) : undefined
  return json(yield* removePost(caller, params.postId, reason))
})

export const adminRoutes = [
  { method: 'GET', path: '/api/admin/dashboard', handler: handleDashboard, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/dashboard/active-users', handler: handleActiveUsers, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/dashboard/charts', handler: handleCharts, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/users', handler: handleUsers, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/admin/block/{id}', handler: handleBlock, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/admin/unblock/{id}', handler: handleUnblock, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/admin/delete/{id}', handler: handleDeleteUser, body: 'json', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/users/{id}/warnings/latest', handler: handleLatestWarning, body: 'none', auth: 'bearer' },
  { method: 'POST', path: '/api/admin/users/{id}/warnings', handler: handleWarn, body: 'json', auth: 'bearer' },
  { method: 'POST', path: '/api/admin/users/{id}/role', handler: handleRole, body: 'json', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/activity', handler: handleActivity, body: 'none', auth: 'bearer' },
  { method: 'GET', path: '/api/admin/posts', handler: handlePosts, body: 'none', auth: 'bearer' },
  { method: 'DELETE', path: '/api/admin/posts/{postId}/clear-report', handler: handleClearReport, body: 'none', auth: 'bearer' },
  { method: 'DELETE', path: '/api/admin/posts/{postId}', handler: handleRemovePost, body: 'json', auth: 'bearer' },
] satisfies ApiRoutes
