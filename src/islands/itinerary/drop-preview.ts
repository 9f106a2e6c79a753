/**
 * What dropping a dragged place here would do, said while it is dragged: the time it would start (after
 * a visit under way, when dropped on one), how many later visits move on, or why it would be refused.
 * Pure: the same edit rules the drop applies.
 */
import { applyEdit, type Edit } from '../../modules/itinerary/planner/edit-rules.ts'
import { formatHour, type PlanDay } from '../../modules/itinerary/planner/plan.ts'

export interface DropPreview {
  readonly dayIndex: number
  /** Where the marker is drawn: the slot under the dragged card (hours). */
  readonly at: number
  readonly text: string
  readonly refused: boolean
}

const startsOf = (day: PlanDay | undefined) => new Map((day?.places ?? []).map((place) => [place.id, place.start_time]))

export function previewDrop(days: readonly PlanDay[], edit: Edit & { type: 'move' | 'add' }, placeId: string): DropPreview {
  const dayIndex = edit.type === 'move' ? edit.toDay : edit.day
  const at = edit.start ?? 0
  const outcome = applyEdit(days, edit)
  if (outcome.kind === 'refused') return { dayIndex, at, text: outcome.message, refused: true }
  if (outcome.kind !== 'done') return { dayIndex, at, text: `Drop at ${formatHour(at)}; Roam asks first`, refused: false }
  const day = outcome.days[dayIndex]
  const start = day?.places.find((place) => place.id === placeId)?.start_time ?? at
  const was = startsOf(days[dayIndex])
  const pushed = (day?.places ?? []).filter((place) => place.id !== placeId && was.has(place.id) && was.get(place.id)! < place.start_time).length
  const text = `Starts at ${formatHour(start)}${pushed === 1 ? '; the next visit moves on' : pushed > 1 ? `; ${pushed} later visits move on` : ''}`
  return { dayIndex, at: start, text, refused: false }
}
