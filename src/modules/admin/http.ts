import { Effect, Schema } from 'effect'
import { decodeJsonBody, decodeQuery, json, type ApiRequest } from '../../platform/http.ts'
import { authorize } from '../auth/authenticate.ts'
import { blockUser, changeRole, deleteUser, targetId, unblockUser, warnUser } from './moderation.ts'
import { activeUsersIn, activitySeries, COUNT_CAP, dashboardStats, latestWarning, moderationHistory, searchUsers } from './queries.ts'
import { clearPostReports, listPosts, removePost } from './posts.ts'
import { ACTIONS } from './rules.ts'

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

/** GET /api/admin/dashboard */
export const handleDashboard = Effect.fn('GET /api/admin/dashboard')(function* ({ request }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* dashboardStats())
})

/** GET /api/admin/dashboard/active-users?date=YYYY-MM-DD or ?month=YYYY-MM */
export const handleActiveUsers = Effect.fn('GET /api/admin/dashboard/active-users')(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* activeUsersIn(yield* decodeQuery(PeriodQuery, url)))
})

/** GET /api/admin/dashboard/charts: daily active users over 30 days, monthly over 12. */
export const handleCharts = Effect.fn('GET /api/admin/dashboard/charts')(function* ({ request }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* activitySeries())
})

/** GET /api/admin/users?search=&status=active|banned&limit=&offset= — the rows, with the total in X-Total-Count ("1000+" beyond 1000). */
export const handleUsers = Effect.fn('GET /api/admin/users')(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const input = yield* decodeQuery(UsersQuery, url)
  const { users, total } = yield* searchUsers({ ...input, status: input.status || undefined })
  return json(users, 200, { 'X-Total-Count': total > COUNT_CAP ? `${COUNT_CAP}+` : String(total) })
})

/** POST /api/admin/block/{id} (optional body: reason) */
export const handleBlock = Effect.fn('POST /api/admin/block/{id}')(function* ({ request, params }: ApiRequest) {
  return json(yield* blockUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

/** POST /api/admin/unblock/{id} (optional body: reason) */
export const handleUnblock = Effect.fn('POST /api/admin/unblock/{id}')(function* ({ request, params }: ApiRequest) {
  return json(yield* unblockUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

/** POST /api/admin/delete/{id} (optional body: reason) */
export const handleDeleteUser = Effect.fn('POST /api/admin/delete/{id}')(function* ({ request, params }: ApiRequest) {
  return json(yield* deleteUser(yield* asAdmin(request), params.id, yield* reasonOf(request)))
})

/** GET /api/admin/users/{id}/warnings/latest */
export const handleLatestWarning = Effect.fn('GET /api/admin/users/{id}/warnings/latest')(function* ({ request, params }: ApiRequest) {
  yield* asAdmin(request)
  return json(yield* latestWarning(yield* targetId(params.id)))
})

/** POST /api/admin/users/{id}/warnings (body: reason) */
export const handleWarn = Effect.fn('POST /api/admin/users/{id}/warnings')(function* ({ request, params }: ApiRequest) {
  return json(yield* warnUser(yield* asAdmin(request), params.id, yield* reasonOf(request)), 201)
})

/** POST /api/admin/users/{id}/role (body: role user|admin; super-admins only) */
export const handleRole = Effect.fn('POST /api/admin/users/{id}/role')(function* ({ request, params }: ApiRequest) {
  const caller = yield* asAdmin(request)
  const { role } = yield* decodeJsonBody(RoleBody, request)
  return json(yield* changeRole(caller, params.id, role))
})

/** GET /api/admin/activity?admin=&target=&action=&from=&to=&limit=&offset= — the moderation history. */
export const handleActivity = Effect.fn('GET /api/admin/activity')(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const filter = yield* decodeQuery(HistoryQuery, url)
  const { entries, total } = yield* moderationHistory({ ...filter, action: filter.action || undefined })
  return json(entries, 200, { 'X-Total-Count': String(total) })
})

/** GET /api/admin/posts?reported=true&before=&limit= — posts newest first, with the author's e-mail and the open reports' reasons. */
export const handlePosts = Effect.fn('GET /api/admin/posts')(function* ({ request, url }: ApiRequest) {
  yield* asAdmin(request)
  const input = yield* decodeQuery(PostsQuery, url)
  const { posts, nextBefore } = yield* listPosts({ ...input, reported: input.reported === 'true' || input.reported === '1' })
  return json(posts, 200, nextBefore === null ? {} : { 'X-Next-Before': String(nextBefore) })
})

/** DELETE /api/admin/posts/{postId}/clear-report */
export const handleClearReport = Effect.fn('DELETE /api/admin/posts/{postId}/clear-report')(function* ({ request, params }: ApiRequest) {
  return json(yield* clearPostReports(yield* asAdmin(request), params.postId))
})

/** DELETE /api/admin/posts/{postId} (optional body: reason, told to the author) */
export const handleRemovePost = Effect.fn('DELETE /api/admin/posts/{postId}')(function* ({ request, params }: ApiRequest) {
  const caller = yield* asAdmin(request)
  const reason = request.headers.get('content-type')?.includes('json') ? yield* reasonOf(request) : undefined
  return json(yield* removePost(caller, params.postId, reason))
})
