import { describe, expect, it } from 'vitest'
import { given } from '../../events/given.ts'
import { bucketListDecider, type BucketListEvent } from './domain.ts'
import { BucketListNotFound } from './errors.ts'
import { itemSentence, validateBucketList } from './rules.ts'

const listId = 'list-1'
const ownerId = 'owner-1'
const item = { itemId: 'item-1', activity: 'See the northern lights', location: 'Tromsø', targetDate: '2026-12-01', checked: false }
const created: BucketListEvent = { type: 'BucketListCreated', data: { listId, ownerId, title: 'Arctic', items: [item] } }
const list = (...events: BucketListEvent[]) => given(bucketListDecider, events)

describe('the bucket list decider', () => {
  it('creates a list once', () => {
    list()
      .when({ type: 'Create', listId, ownerId, title: 'Arctic', items: [item] })
      .then([created])
    list(created).when({ type: 'Create', listId, ownerId, title: 'Again', items: [] }).thenFails(BucketListNotFound)
  })

  it('checks and unchecks an item of the owner, idempotently', () => {
    const checked: BucketListEvent = { type: 'BucketListItemChecked', data: { listId, itemId: 'item-1' } }
    list(created).when({ type: 'SetItemChecked', listId, ownerId, itemId: 'item-1', checked: true }).then([checked])
    list(created, checked).when({ type: 'SetItemChecked', listId, ownerId, itemId: 'item-1', checked: true }).then([])
    list(created, checked)
      .when({ type: 'SetItemChecked', listId, ownerId, itemId: 'item-1', checked: false })
      .then([{ type: 'BucketListItemUnchecked', data: { listId, itemId: 'item-1' } }])
    list(created).when({ type: 'SetItemChecked', listId, ownerId, itemId: 'nope', checked: true }).thenFails(BucketListNotFound)
  })

  it("finds nothing for anyone but the owner, nor after the list's deletion", () => {
    list(created).when({ type: 'Delete', listId, ownerId: 'someone-else' }).thenFails(BucketListNotFound)
    list(created).when({ type: 'SetItemChecked', listId, ownerId: 'someone-else', itemId: 'item-1', checked: true }).thenFails(BucketListNotFound)
    list(created)
      .when({ type: 'Delete', listId, ownerId })
      .then([{ type: 'BucketListDeleted', data: { listId } }])
    list(created, { type: 'BucketListDeleted', data: { listId } }).when({ type: 'Delete', listId, ownerId }).thenFails(BucketListNotFound)
    list().when({ type: 'Delete', listId, ownerId }).thenFails(BucketListNotFound)
  })
})

describe('bucket list rules', () => {
  const today = '2026-06-01'
  it('needs a title and an activity on every filled row, drops empty rows, and refuses past dates', () => {
    expect(validateBucketList({ title: ' ', items: [{ activity: 'x' }] }, today)).toEqual({ ok: false, message: 'Please give your bucket list a title.' })
    expect(validateBucketList({ title: 'T', items: [{ activity: ' ', location: '' }] }, today)).toEqual({ ok: false, message: 'Add at least one activity.' })
    expect(validateBucketList({ title: 'T', items: [{ location: 'Rome' }] }, today)).toEqual({ ok: false, message: 'Every item needs an activity.' })
    expect(validateBucketList({ title: 'T', items: [{ activity: 'Swim', target_date: '2026-05-31' }] }, today)).toEqual({
      ok: false,
      message: 'Target dates cannot be in the past.',
    })
    expect(validateBucketList({ title: 'T', items: [{ activity: 'Swim', target_date: '2026-02-30' }] }, today)).toMatchObject({ ok: false })
    expect(validateBucketList({ title: ' Summer ', items: [{ activity: ' Swim ', target_date: '2026-06-01' }, {}] }, today)).toEqual({
      ok: true,
      title: 'Summer',
      items: [{ activity: 'Swim', location: '', targetDate: '2026-06-01', checked: false }],
    })
  })

  it('reads a saved item as a sentence', () => {
    expect(itemSentence({ activity: 'Hike the Inca Trail', location: 'Cusco', target_date: '2026-08-12' })).toBe(
      'Hike the Inca Trail in Cusco by 12 August 2026',
    )
    expect(itemSentence({ activity: 'Learn to surf', location: '', target_date: null })).toBe('Learn to surf')
  })
})
