/** The kinds of notification and the sentence each shows (usernames resolved when read). */
export type NotificationKind = 'like' | 'follow' | 'post_removed' | 'warning' | 'trip_copy'

export interface NotificationFacts {
  readonly kind: NotificationKind
  /** The actor's username, when there is one. */
  readonly actor: string | null
  readonly detail: string | null
}

const someone = (actor: string | null) => actor ?? 'Someone'

export function notificationMessage({ kind, actor, detail }: NotificationFacts): string {
  switch (kind) {
    case 'like':
      return `${someone(actor)} liked your post.`
    case 'follow':
      return `${someone(actor)} started following you.`
    case 'post_removed':
      return detail ? `Your post was removed by a moderator. Reason: ${detail}` : 'Your post was removed by a moderator.'
    case 'warning':
      return detail ? `You received a warning from an administrator: ${detail}` : 'You received a warning from an administrator.'
    case 'trip_copy':
      // `detail`: the city the trip starts in.
      return `${actor ? `@${actor}` : 'Someone'} made your ${detail ? `${detail} ` : ''}trip their own`
  }
}
