import { describe, it } from 'vitest'
import { given } from '../../events/given.ts'
import { postModerationDecider } from './post-moderation-domain.ts'

const ids = { postId: 'p-1', authorId: 'a-1', moderatorId: 'm-1' }

describe("a post's moderation record", () => {
  it('keeps every action, in ids, with the note of a removal', () => {
    const cleared = { type: 'PostModerated' as const, data: { ...ids, action: 'clear_report' as const } }
    given(postModerationDecider)
      .when({ type: 'Record', ...ids, action: 'clear_report' })
      .then([cleared])
    given(postModerationDecider, [cleared])
      .when({ type: 'Record', ...ids, action: 'remove_post', noteId: 'n-1' })
      .then([{ type: 'PostModerated', data: { ...ids, action: 'remove_post', noteId: 'n-1' } }])
  })
})
