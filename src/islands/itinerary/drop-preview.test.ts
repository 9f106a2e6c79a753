import { describe, expect, it } from 'vitest'
import { normalizeDays } from '../../modules/itinerary/planner/edit-rules.ts'
import { lisbonStop } from '../../modules/itinerary/planner/test-catalog.ts'
import type { PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { previewDrop } from './drop-preview.ts'

const day = (places: PlanDay['places']): PlanDay[] => normalizeDays([{ day: 1, date: '2027-01-11', city: 'Lisbon', places }])

describe('what a drop would do, said while dragging', () => {
  const days = day([
    { ...lisbonStop('Castle', 38.7139, -9.1335, { start: 10 }), id: 'castle', visit_duration: 1.5 },
    { ...lisbonStop('Cathedral', 38.7098, -9.1332, { start: 14 }), id: 'cathedral', visit_duration: 1 },
    { ...lisbonStop('Tram', 38.7115, -9.1304, { start: 16 }), id: 'tram', visit_duration: 1 },
  ])

  it('says the start, and that what follows moves on when the slot is busy', () => {
    expect(previewDrop(days, { type: 'move', from: { day: 0, index: 2 }, toDay: 0, start: 12 }, 'tram').text).toBe('Starts at 12:00')
    expect(previewDrop(days, { type: 'move', from: { day: 0, index: 2 }, toDay: 0, start: 14 }, 'tram').text).toBe('Starts at 14:00; the next visit moves on')
    // Dropped in the middle of the castle's visit: after it, the walk's time later.
    expect(previewDrop(days, { type: 'move', from: { day: 0, index: 2 }, toDay: 0, start: 10.5 }, 'tram')).toMatchObject({ text: 'Starts at 12:00', at: 12 })
  })

  it('says why a drop would be refused, in the spec’s words', () => {
    expect(previewDrop(days, { type: 'move', from: { day: 0, index: 0 }, toDay: 0, start: 23 }, 'castle')).toMatchObject({
      text: "This attraction doesn't fit before the end of the day.",
      refused: true,
    })
  })
})
