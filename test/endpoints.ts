import type { AppServices } from '../src/app/layer.ts'
import { health } from '../src/app/health.ts'
import * as admin from '../src/modules/admin/http.ts'
import * as auth from '../src/modules/auth/http.ts'
import * as bucketLists from '../src/modules/bucket-list/http.ts'
import { handleUpload } from '../src/modules/media/http.ts'
import { handleNotifications, handleNotificationsSeen, handleUnreadCount } from '../src/modules/notifications/http.ts'
import { handleGenerate, handleReplan } from '../src/modules/itinerary/planner/http.ts'
import * as saved from '../src/modules/itinerary/saved/http.ts'
import * as places from '../src/modules/places/http.ts'
import * as share from '../src/modules/roam-share/http.ts'
import type { Handler } from '../src/platform/http.ts'

/**
 * Every API endpoint, one row each: the hostile-input test (test/hostile-input.test.ts) sends each of them
 * random and malicious bodies, queries, headers and cookies, and checks that none answers 5xx. A new
 * endpoint joins it by a row here; the test fails while a page under src/pages has no row.
 *
 * - `path`: the route as its page file names it (`/api/things/[id]`); parameters are fuzzed too.
 * - `body`: what the endpoint reads: `json`, `multipart` (uploads) or `none`.
 * - `auth`: it wants a Bearer token (the test sends a valid one some of the time, to get past the check).
 */
export interface EndpointRow {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly path: string
  readonly handler: Handler<AppServices>
  readonly body: 'json' | 'multipart' | 'none'
  readonly auth?: boolean
}

export const ENDPOINTS: readonly EndpointRow[] = [
  { method: 'GET', path: '/api/health', handler: health, body: 'none' },
  { method: 'POST', path: '/auth/signup', handler: auth.handleSignup, body: 'json' },
  { method: 'POST', path: '/auth/verify-otp', handler: auth.handleVerifyOtp, body: 'json' },
  { method: 'POST', path: '/auth/resend-otp', handler: auth.handleResendOtp, body: 'json' },
  { method: 'POST', path: '/auth/login', handler: auth.handleLogin, body: 'json' },
  { method: 'POST', path: '/api/auth/refresh', handler: auth.handleRefresh, body: 'none' },
  { method: 'POST', path: '/api/auth/logout', handler: auth.handleLogout, body: 'none' },
  { method: 'POST', path: '/api/auth/forgot-password', handler: auth.handleForgotPassword, body: 'json' },
  { method: 'POST', path: '/api/auth/reset-password', handler: auth.handleResetPassword, body: 'json' },
  { method: 'GET', path: '/api/users/me', handler: auth.handleMe, body: 'none', auth: true },
  { method: 'POST', path: '/api/users/change-password', handler: auth.handleChangePassword, body: 'json', auth: true },
  { method: 'POST', path: '/api/itinerary/generate', handler: handleGenerate, body: 'json' },
  { method: 'POST', path: '/api/itinerary/replan', handler: handleReplan, body: 'json' },
  { method: 'POST', path: '/api/itinerary/save', handler: saved.handlePendingSave, body: 'json', auth: true },
  { method: 'POST', path: '/api/saved-itineraries/save-full', handler: saved.handleSaveFull, body: 'json', auth: true },
  { method: 'GET', path: '/saved-itineraries/user-full', handler: saved.handleListOwned, body: 'none', auth: true },
  { method: 'GET', path: '/api/saved-itineraries/[id]', handler: saved.handleGetOwned, body: 'none', auth: true },
  { method: 'DELETE', path: '/saved-itineraries/[saved_id]', handler: saved.handleDelete, body: 'none', auth: true },
  { method: 'POST', path: '/api/saved-itineraries/[id]/share', handler: saved.handleShare, body: 'none', auth: true },
  { method: 'GET', path: '/api/saved-itineraries/[id]/calendar', handler: saved.handleOwnedCalendar, body: 'none', auth: true },
  { method: 'GET', path: '/api/saved-itineraries/[id]/versions', handler: saved.handleListVersions, body: 'none', auth: true },
  { method: 'GET', path: '/api/saved-itineraries/[id]/versions/[version]', handler: saved.handleGetVersion, body: 'none', auth: true },
  { method: 'POST', path: '/api/saved-itineraries/[id]/versions/[version]/restore', handler: saved.handleRestoreVersion, body: 'none', auth: true },
  { method: 'GET', path: '/api/saved-itineraries/shared/[shareId]', handler: saved.handleGetShared, body: 'none' },
  { method: 'GET', path: '/itinerary/shared/[shareId]/calendar.ics', handler: saved.handleSharedCalendar, body: 'none' },
  { method: 'GET', path: '/api/places/explore', handler: places.explore, body: 'none' },
  { method: 'GET', path: '/api/places/search-attraction', handler: places.searchAttraction, body: 'none' },
  { method: 'GET', path: '/api/places/google-places-autocomplete', handler: places.citySuggestions, body: 'none' },
  { method: 'GET', path: '/api/places/google-places-autocomplete-any', handler: places.anySuggestions, body: 'none' },
  { method: 'GET', path: '/api/roam-share-posts/my-profile', handler: share.handleMyProfile, body: 'none', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/set-username', handler: share.handleSetUsername, body: 'json', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/update-description', handler: share.handleUpdateDescription, body: 'json', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/upload-profile-picture', handler: share.handleUploadPicture, body: 'multipart', auth: true },
  { method: 'GET', path: '/api/roam-share-posts/user/[...username]', handler: share.handleUserProfile, body: 'none' },
  { method: 'GET', path: '/api/roam-share-posts/followers/[user_id]', handler: share.handleFollowers, body: 'none' },
  { method: 'GET', path: '/api/roam-share-posts/following/[user_id]', handler: share.handleFollowing, body: 'none' },
  { method: 'GET', path: '/api/roam-share-posts/check-follow-status/[userId]', handler: share.handleFollowStatus, body: 'none', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/follow', handler: share.handleFollow, body: 'json', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/unfollow', handler: share.handleUnfollow, body: 'json', auth: true },
  { method: 'GET', path: '/api/roam-share-posts/user-search', handler: share.handleUserSearch, body: 'none', auth: true },
  { method: 'GET', path: '/api/roam-share-posts', handler: share.handleFeed, body: 'none', auth: true },
  { method: 'POST', path: '/api/roam-share-posts', handler: share.handleCreatePost, body: 'multipart', auth: true },
  { method: 'PUT', path: '/api/roam-share-posts/update/[postId]', handler: share.handleUpdatePost, body: 'multipart', auth: true },
  { method: 'DELETE', path: '/api/roam-share-posts/delete/[post_id]', handler: share.handleDeletePost, body: 'none', auth: true },
  { method: 'GET', path: '/api/roam-share-posts/my-posts', handler: share.handleMyPosts, body: 'none', auth: true },
  { method: 'GET', path: '/api/roam-share-posts/is-liked/[post_id]', handler: share.handleIsLiked, body: 'none', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/like/[post_id]', handler: share.handleLike, body: 'none', auth: true },
  { method: 'POST', path: '/api/roam-share-posts/report', handler: share.handleReport, body: 'json', auth: true },
  { method: 'GET', path: '/api/notifications', handler: handleNotifications, body: 'none', auth: true },
  { method: 'GET', path: '/api/notifications/unread', handler: handleUnreadCount, body: 'none', auth: true },
  { method: 'POST', path: '/api/notifications/seen', handler: handleNotificationsSeen, body: 'json', auth: true },
  { method: 'GET', path: '/uploads/[folder]/[file]', handler: handleUpload, body: 'none' },
  { method: 'GET', path: '/api/bucketlist/all', handler: bucketLists.handleAllBucketLists, body: 'none', auth: true },
  { method: 'POST', path: '/api/bucketlist/create', handler: bucketLists.handleCreateBucketList, body: 'json', auth: true },
  { method: 'PUT', path: '/api/bucketlist/item/[id]', handler: bucketLists.handleCheckItem, body: 'json', auth: true },
  { method: 'DELETE', path: '/api/bucketlist/[id]', handler: bucketLists.handleDeleteBucketList, body: 'none', auth: true },
  { method: 'GET', path: '/api/admin/dashboard', handler: admin.handleDashboard, body: 'none', auth: true },
  { method: 'GET', path: '/api/admin/dashboard/active-users', handler: admin.handleActiveUsers, body: 'none', auth: true },
  { method: 'GET', path: '/api/admin/dashboard/charts', handler: admin.handleCharts, body: 'none', auth: true },
  { method: 'GET', path: '/api/admin/users', handler: admin.handleUsers, body: 'none', auth: true },
  { method: 'POST', path: '/api/admin/block/[id]', handler: admin.handleBlock, body: 'json', auth: true },
  { method: 'POST', path: '/api/admin/unblock/[id]', handler: admin.handleUnblock, body: 'json', auth: true },
  { method: 'POST', path: '/api/admin/delete/[id]', handler: admin.handleDeleteUser, body: 'json', auth: true },
  { method: 'GET', path: '/api/admin/users/[id]/warnings/latest', handler: admin.handleLatestWarning, body: 'none', auth: true },
  { method: 'POST', path: '/api/admin/users/[id]/warnings', handler: admin.handleWarn, body: 'json', auth: true },
  { method: 'POST', path: '/api/admin/users/[id]/role', handler: admin.handleRole, body: 'json', auth: true },
  { method: 'GET', path: '/api/admin/activity', handler: admin.handleActivity, body: 'none', auth: true },
  { method: 'GET', path: '/api/admin/posts', handler: admin.handlePosts, body: 'none', auth: true },
  { method: 'DELETE', path: '/api/admin/posts/[postId]/clear-report', handler: admin.handleClearReport, body: 'none', auth: true },
  { method: 'DELETE', path: '/api/admin/posts/[postId]', handler: admin.handleRemovePost, body: 'json', auth: true },
]
