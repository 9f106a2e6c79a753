/**
 * The itinerary editor's rules (spec §4 edit mode, §5 edit rules, §9 day grid and defaults), as pure
 * functions over the days: the itinerary page applies them as the traveller edits, and the server checks
 * saved documents with them, so both refuse the same things with the same words.
 *
 * Every successful edit leaves each day sorted by start time, with no two visits overlapping, nothing
 * ending after midnight, every time on the half-hour grid and travel times recomputed (legs.ts, the planner's own estimate).
 */
import { outsideHoursWarning, parseWindow, windowText } from './place-hours.ts'
import { legBetween } from './legs.ts'
import { BREAK_LABELS, formatDuration, formatHour, sameCity, toMinutes, type Coordinates, type DayBreak, type PlanDay, type PlanPlace } from './plan.ts'

export const DAY_END_MINUTES = 24 * 60
export const SLOT_MINUTES = 30
/** Spec §9: a place added from Explore starts at 10:00 and lasts 2 h; a reflowed day starts at 10:00. */
export const ADDED_START_HOURS = 10
export const ADDED_DURATION_HOURS = 2
export const REFLOW_START_HOURS = 10
/** Spec §9: 0.5 to 6 h in half-hour steps (12 choices). */
export const DURATION_CHOICES: readonly number[] = Array.from({ length: 12 }, (_, i) => (i + 1) / 2)
const MAX_HISTORY = 100

/** The editor's messages, word for word from spec §5. */
export const EDIT_MESSAGES = {
  durationTooLong: 'This new duration exceeds the allowed time in a day.',
  otherCity: 'You cannot move an attraction to a different city.',
  pastMidnight: "This attraction doesn't fit before the end of the day.",
  overlap: 'This attraction overlaps with another one on the selected day.',
  addFromOtherCity: 'You cannot add an attraction from another city into this day.',
  missingCoordinates: 'Missing coordinates. Please try a different place.',
  dayFull: 'Cannot schedule attraction. Day ends at midnight.',
} as const

/** A place by its day (index into the days) and its position in that day (sorted by start). */
export interface PlaceRef {
  readonly day: number
  readonly index: number
}

/** A place offered by Explore or the attraction search (coordinates may be missing from a search result). */
export interface CandidatePlace {
  readonly id: string | number
  readonly name: string
  readonly city: string
  readonly address?: string | null | undefined
  readonly latitude?: number | null | undefined
  readonly longitude?: number | null | undefined
  readonly coordinates?: { readonly latitude?: number | null | undefined; readonly longitude?: number | null | undefined } | null | undefined
  readonly rating?: number | null | undefined
  readonly reviews_count?: number | null | undefined
  readonly categories?: readonly string[] | undefined
  /** Its daily hours ("09:00", "18:30"), as Explore gives them; the edit rules keep an added visit inside them when they are its own. */
  readonly opening_hours?: { readonly open: string; readonly close: string } | undefined
  /** Whether `opening_hours` are the place's own hours rather than its kind's typical ones. */
  readonly hours_known?: boolean | undefined
}

export type Edit = EditChange & {
  /** The answer to the break question: the edit may take the time of a meal break it runs into. */
  readonly useBreakTime?: boolean
}

type EditChange =
  /** Drag a place to a start time on a day (the same or another). */
  | { readonly type: 'move'; readonly from: PlaceRef; readonly toDay: number; readonly start: number }
  | { readonly type: 'duration'; readonly at: PlaceRef; readonly hours: number }
  | { readonly type: 'delete'; readonly at: PlaceRef }
  /** Exchange two places of a day; the day is laid out again from its first start. */
  | { readonly type: 'swap'; readonly day: number; readonly a: number; readonly b: number }
  /** Move a place to another position in its day's order; the day is laid out again from its first start. */
  | { readonly type: 'reorder'; readonly day: number; readonly from: number; readonly to: number }
  /**
   * Add a place; `start` is the preferred start (10:00 by default), `acceptShorter` answers the
   * shortened-duration question, `acceptStart` the question about a start its hours ask for.
   */
  | {
      readonly type: 'add'
      readonly day: number
      readonly place: CandidatePlace
      readonly start?: number
      readonly acceptShorter?: boolean
      readonly acceptStart?: boolean
    }
  /** Lock a place to its day and time (a re-plan keeps it), or unlock it. */
  | { readonly type: 'lock'; readonly at: PlaceRef; readonly locked: boolean }
  /** Take a whole new itinerary (an accepted re-plan): one step for Undo. */
  | { readonly type: 'replace'; readonly days: readonly PlanDay[] }

export type EditOutcome =
  /** `warning`: a visit the edit moved now lies outside its place's opening hours on its date, in words. */
  | { readonly kind: 'done'; readonly days: PlanDay[]; readonly warning?: string }
  /** Nothing to do (e.g. swapping a place with itself). */
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refused'; readonly message: string }
  /** Only `minutes` are left before midnight: ask before adding with that shortened duration. */
  | { readonly kind: 'confirm-shorter'; readonly minutes: number; readonly question: string }
  /** The edit runs into a day's meal break: ask before using its time (the same edit with `useBreakTime`). */
  | { readonly kind: 'confirm-break'; readonly question: string }
  /**
   * An added place's hours leave no free time from the preferred start: ask before adding it at `start`
   * (hours, the same add with that start and `acceptStart`).
   */
  | { readonly kind: 'confirm-start'; readonly start: number; readonly question: string }

const refused = (message: string): EditOutcome => ({ kind: 'refused', message })
const unchanged: EditOutcome = { kind: 'unchanged' }

const startOf = (place: PlanPlace) => toMinutes(place.start_time)
const lengthOf = (place: PlanPlace) => toMinutes(place.visit_duration)
const endOf = (place: PlanPlace) => startOf(place) + lengthOf(place)
const at = (place: PlanPlace, start: number, length = lengthOf(place)): PlanPlace => ({ ...place, start_time: start / 60, visit_duration: length / 60 })
const snapToSlot = (minutes: number) => Math.max(0, Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES)
const roundUpToSlot = (minutes: number) => Math.ceil(minutes / SLOT_MINUTES) * SLOT_MINUTES
const overlaps = (start: number, end: number, place: PlanPlace) => start < endOf(place) && startOf(place) < end

type Span = { readonly start: number; readonly end: number }

/** A day's breaks in minutes. */
const breaksOf = (day: PlanDay | undefined): Span[] => (day?.breaks ?? []).map((pause) => ({ start: toMinutes(pause.start), end: toMinutes(pause.end) }))

/** A day's places in start order with the leg from each previous one (legs.ts), as the planner gives it. */
export function normalizeDay(day: PlanDay): PlanDay {
  const sorted = [...day.places].sort((a, b) => startOf(a) - startOf(b))
  return {
    ...day,
    places: sorted.map((place, k) => {
      const { travel_mode: _, ...rest } = place
      if (k === 0) return { ...rest, travel_time_from_previous: 0 }
      const leg = legBetween(sorted[k - 1]!.coordinates, place.coordinates)
      return { ...rest, travel_time_from_previous: leg.minutes, travel_mode: leg.mode }
    }),
  }
}

export const normalizeDays = (days: readonly PlanDay[]): PlanDay[] => days.map(normalizeDay)

/**
 * Lays places out one after another from `first`, leaving each leg's travel estimate (rounded up to the
 * half hour) between them; without the travel gaps when those would run past midnight. Undefined when
 * even that does not fit.
 */
function layOut(places: readonly PlanPlace[], first: number, breaks: readonly Span[] = []): PlanPlace[] | undefined {
  for (const withTravel of [true, false]) {
    let time = first
    const laidOut = places.map((place, k) => {
      if (k > 0 && withTravel) time += roundUpToSlot(legBetween(places[k - 1]!.coordinates, place.coordinates).minutes)
      // A visit that would run into a break comes after it.
      for (const pause of breaks) if (time < pause.end && time + lengthOf(place) > pause.start) time = pause.end
      const placed = at(place, time)
      time += lengthOf(place)
      return placed
    })
    if (time <= DAY_END_MINUTES) return laidOut
  }
  return undefined
}

/**
 * Spec §9: after a deletion the day is laid out again with its first place at 10:00 (earlier only if the rest
 * would not fit), around its lunch break.
 */
function reflow(places: readonly PlanPlace[], breaks: readonly Span[]): PlanPlace[] {
  if (places.length === 0) return []
  const total = places.reduce((sum, place) => sum + lengthOf(place), 0)
  const latestFit = Math.max(0, Math.floor((DAY_END_MINUTES - total) / SLOT_MINUTES) * SLOT_MINUTES)
  return layOut(places, REFLOW_START_HOURS * 60, breaks) ?? layOut(places, latestFit) ?? [...places]
}

const replaceDay = (days: readonly PlanDay[], index: number, places: readonly PlanPlace[]) => days.map((day, i) => (i === index ? { ...day, places } : day))

const done = (days: readonly PlanDay[]): EditOutcome => ({ kind: 'done', days: normalizeDays(days) })

function placeAt(days: readonly PlanDay[], ref: PlaceRef): PlanPlace | undefined {
  return days[ref.day]?.places[ref.index]
}

function move(days: readonly PlanDay[], from: PlaceRef, toDay: number, startHours: number): EditOutcome {
  const place = placeAt(days, from)
  const source = days[from.day]
  const target = days[toDay]
  if (!place || !source || !target) return unchanged
  if (!sameCity(source.city, target.city)) return refused(EDIT_MESSAGES.otherCity)
  const dropped = snapToSlot(startHours * 60)
  const others = target.places.filter((_, k) => !(toDay === from.day && k === from.index)).sort((a, b) => startOf(a) - startOf(b))
  const earlier = others.filter((other) => startOf(other) < dropped)
  const later = others.filter((other) => startOf(other) >= dropped)
  // Dropped on a visit under way, the place goes right after it, its leg's travel time later; dropped on
  // the journey there, once the traveller has arrived.
  const under = earlier.at(-1)
  const arrived = arrivalOf(target)
  const start = Math.max(
    arrived,
    under && endOf(under) > dropped ? endOf(under) + roundUpToSlot(legBetween(under.coordinates, place.coordinates).minutes) : dropped,
  )
  if (start + lengthOf(place) > DAY_END_MINUTES) return refused(EDIT_MESSAGES.pastMidnight)
  const inserted = pushedOn([at(place, start), ...later])
  if (inserted === 'locked') return refused(EDIT_MESSAGES.overlap)
  if (!inserted) return refused(EDIT_MESSAGES.dayFull)
  const withoutIt = replaceDay(
    days,
    from.day,
    source.places.filter((_, k) => k !== from.index),
  )
  return done(replaceDay(withoutIt, toDay, [...earlier, ...inserted]))
}

/**
 * Places in order from a first one whose time is set: each later one keeps its start, or moves on just
 * enough to leave its leg's travel time after the one before (without the travel when that would run past
 * midnight). Undefined when even that does not fit; 'locked' when a locked visit would have to move.
 */
function pushedOn(places: readonly PlanPlace[]): PlanPlace[] | 'locked' | undefined {
  for (const withTravel of [true, false]) {
    let time = endOf(places[0]!)
    let lockedInTheWay = false
    const laidOut = places.map((place, k) => {
      if (k === 0) return place
      const travel = withTravel ? roundUpToSlot(legBetween(places[k - 1]!.coordinates, place.coordinates).minutes) : 0
      const start = Math.max(startOf(place), time + travel)
      if (start !== startOf(place) && place.locked) lockedInTheWay = true
      time = start + lengthOf(place)
      return at(place, start)
    })
    if (lockedInTheWay) return 'locked'
    if (time <= DAY_END_MINUTES) return laidOut
  }
  return undefined
}

function changeDuration(days: readonly PlanDay[], ref: PlaceRef, hours: number): EditOutcome {
  const place = placeAt(days, ref)
  if (!place) return unchanged
  const length = Math.min(6 * 60, Math.max(SLOT_MINUTES, snapToSlot(hours * 60)))
  if (startOf(place) + length > DAY_END_MINUTES) return refused(EDIT_MESSAGES.durationTooLong)
  // Later places that the longer visit now runs into move on, just enough to leave each leg its travel
  // time (as layOut does); without the travel gaps when those would run past midnight.
  const dayPlaces = days[ref.day]!.places
  const pushed = pushedOn([at(place, startOf(place), length), ...dayPlaces.slice(ref.index + 1)])
  if (!pushed || pushed === 'locked') return refused(EDIT_MESSAGES.durationTooLong)
  return done(replaceDay(days, ref.day, [...dayPlaces.slice(0, ref.index), ...pushed]))
}

function remove(days: readonly PlanDay[], ref: PlaceRef): EditOutcome {
  if (!placeAt(days, ref)) return unchanged
  const day = days[ref.day]!
  return done(
    replaceDay(
      days,
      ref.day,
      reflow(
        day.places.filter((_, k) => k !== ref.index),
        breaksOf(day),
      ),
    ),
  )
}

/** A new order for a day, laid out again from the day's first start. */
function reorderDay(days: readonly PlanDay[], dayIndex: number, order: readonly PlanPlace[]): EditOutcome {
  const day = days[dayIndex]
  if (!day || day.places.length === 0) return unchanged
  const first = Math.min(...day.places.map(startOf))
  const laidOut = layOut(order, first, breaksOf(day))
  if (!laidOut) return refused(EDIT_MESSAGES.dayFull)
  return done(replaceDay(days, dayIndex, laidOut))
}

function swap(days: readonly PlanDay[], dayIndex: number, a: number, b: number): EditOutcome {
  const places = days[dayIndex]?.places ?? []
  if (!places[a] || !places[b] || a === b) return unchanged
  const order = places.map((place, k) => (k === a ? places[b]! : k === b ? places[a]! : place))
  return reorderDay(days, dayIndex, order)
}

function reorder(days: readonly PlanDay[], dayIndex: number, from: number, to: number): EditOutcome {
  const places = [...(days[dayIndex]?.places ?? [])]
  if (!places[from] || to < 0 || to >= places.length || from === to) return unchanged
  const [moved] = places.splice(from, 1)
  places.splice(to, 0, moved!)
  return reorderDay(days, dayIndex, places)
}

/** The coordinates of a candidate place, from either spelling, or undefined when it has none. */
export function coordinatesOf(place: Pick<CandidatePlace, 'latitude' | 'longitude' | 'coordinates'>): Coordinates | undefined {
  const latitude = place.coordinates?.latitude ?? place.latitude
  const longitude = place.coordinates?.longitude ?? place.longitude
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined
  return { latitude, longitude }
}

/** When the traveller arrives on a day the journey there takes (on the half-hour grid), else 0. */
const arrivalOf = (day: PlanDay): number => (day.arrives_at ? roundUpToSlot(toMinutes(day.arrives_at)) : 0)

/** A day's busy time: the journey there until the arrival, its visits and its breaks. */
const takenSpans = (day: PlanDay): Span[] =>
  [
    ...(arrivalOf(day) > 0 ? [{ start: 0, end: arrivalOf(day) }] : []),
    ...day.places.map((place) => ({ start: startOf(place), end: endOf(place) })),
    ...breaksOf(day),
  ].sort((a, b) => a.start - b.start)

/** The first start at or after `preferred` where `length` minutes fit between the day's visits and its lunch, or where the last one ends. */
function firstFreeStart(day: PlanDay, preferred: number, length: number): number {
  let start = preferred
  for (const busy of takenSpans(day)) if (start < busy.end && busy.start < start + length) start = busy.end
  return start
}

/** Every start on the half-hour grid where `length` minutes fit inside `hours` and clear of the day's visits and breaks. */
function freeStartsWithin(day: PlanDay, hours: Span, length: number): number[] {
  const taken = takenSpans(day)
  const starts: number[] = []
  for (let start = roundUpToSlot(hours.start); start + length <= hours.end; start += SLOT_MINUTES)
    if (!taken.some((busy) => start < busy.end && busy.start < start + length)) starts.push(start)
  return starts
}

/** A candidate's own daily hours in minutes, when Explore knows them (a kind's typical hours are no rule). */
function ownHours(candidate: CandidatePlace): Span | undefined {
  if (!candidate.hours_known || !candidate.opening_hours) return undefined
  const [start, end] = parseWindow(`${candidate.opening_hours.open}-${candidate.opening_hours.close}`)
  return end > start ? { start, end } : undefined
}

export const latestStartQuestion = (name: string, closes: number, start: number) =>
  `${name} closes at ${formatHour(closes / 60)}; the latest start that fits is ${formatHour(start / 60)}. Put it there?`

export const outsideHoursQuestion = (name: string, hours: Span, start: number) =>
  `${name} is open ${formatHour(hours.start / 60)}–${formatHour(hours.end / 60)}, and this day has no free time inside those hours. Add it at ${formatHour(start / 60)} anyway?`

/**
 * Where an added place goes: the first free start from the preferred one, kept inside the place's own hours
 * when it has them (the first fitting start from the preferred one); when only earlier starts fit, or none,
 * a question to ask first.
 */
function addedStart(day: PlanDay, candidate: CandidatePlace, preferred: number, length: number, acceptStart: boolean): number | EditOutcome {
  const start = firstFreeStart(day, preferred, length)
  const hours = ownHours(candidate)
  if (!hours || acceptStart || (start >= hours.start && start + length <= hours.end)) return start
  const fitting = freeStartsWithin(day, hours, length)
  const later = fitting.find((fit) => fit >= preferred)
  if (later !== undefined) return later
  const latest = fitting.at(-1)
  if (latest !== undefined) return { kind: 'confirm-start', start: latest / 60, question: latestStartQuestion(candidate.name, hours.end, latest) }
  return { kind: 'confirm-start', start: start / 60, question: outsideHoursQuestion(candidate.name, hours, start) }
}

export const shorterQuestion = (name: string, minutes: number) =>
  `"${name}" needs ${formatDuration(ADDED_DURATION_HOURS)}, but only ${minutes} minutes are left before midnight. Add it with a shortened duration of ${minutes} minutes?`

function add(
  days: readonly PlanDay[],
  dayIndex: number,
  candidate: CandidatePlace,
  startHours: number,
  acceptShorter: boolean,
  acceptStart: boolean,
): EditOutcome {
  const day = days[dayIndex]
  if (!day) return unchanged
  if (!sameCity(candidate.city, day.city)) return refused(EDIT_MESSAGES.addFromOtherCity)
  const coordinates = coordinatesOf(candidate)
  if (!coordinates) return refused(EDIT_MESSAGES.missingCoordinates)
  let length = ADDED_DURATION_HOURS * 60
  const start = addedStart(day, candidate, snapToSlot(startHours * 60), length, acceptStart)
  if (typeof start !== 'number') return start
  const left = DAY_END_MINUTES - start
  if (left < SLOT_MINUTES) return refused(EDIT_MESSAGES.dayFull)
  if (left < length) {
    if (!acceptShorter) return { kind: 'confirm-shorter', minutes: left, question: shorterQuestion(candidate.name, left) }
    length = left
  }
  const place: PlanPlace = {
    id: String(candidate.id),
    name: candidate.name,
    address: candidate.address ?? null,
    rating: candidate.rating ?? null,
    reviews_count: candidate.reviews_count ?? null,
    visit_duration: length / 60,
    start_time: start / 60,
    travel_time_from_previous: 0,
    city: day.city,
    coordinates,
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    categories: candidate.categories ?? [],
  }
  // Its own hours go with it on that date, so a later move or longer visit outside them is said.
  const hours = ownHours(candidate)
  const kept: PlanPlace =
    hours && day.date ? { ...place, opening_hours: { known: true, dates: { [day.date]: [windowText([hours.start, hours.end])] } } } : place
  return done(replaceDay(days, dayIndex, [...day.places, kept]))
}

function lock(days: readonly PlanDay[], ref: PlaceRef, locked: boolean): EditOutcome {
  const place = days[ref.day]?.places[ref.index]
  if (!place || (place.locked ?? false) === locked) return unchanged
  const { locked: _, ...rest } = place
  const places = days[ref.day]!.places.map((other, k) => (k === ref.index ? (locked ? { ...rest, locked: true } : rest) : other))
  return done(replaceDay(days, ref.day, places))
}

/**
 * Applies one edit to normalized days: the new days (with a warning when a visit it changed now lies
 * outside its place's hours on that date), a refusal in the spec's words, or a question to ask first.
 */
export function applyEdit(days: readonly PlanDay[], edit: Edit): EditOutcome {
  const ruled = applyRule(days, edit)
  if (ruled.kind !== 'done') return ruled
  const outcome = withBreaksKept(ruled.days, edit.type !== 'replace' && edit.useBreakTime !== true)
  if (outcome.kind !== 'done') return outcome
  const warning = hoursWarning(days, outcome.days)
  return warning ? { ...outcome, warning } : outcome
}

export const breakQuestion = (day: PlanDay, pause: DayBreak) =>
  `This runs into the ${BREAK_LABELS[pause.kind].toLowerCase()} of day ${day.day} (${formatHour(pause.start)}–${formatHour(pause.end)}). Use its time?`

const runsInto = (day: PlanDay, pause: DayBreak) => day.places.some((place) => overlaps(toMinutes(pause.start), toMinutes(pause.end), place))

/** Edited days whose breaks are still free; a break a visit now runs into is a question to ask first, or given up when `ask` is false. */
function withBreaksKept(days: readonly PlanDay[], ask: boolean): EditOutcome {
  const first = days.find((day) => day.breaks?.some((pause) => runsInto(day, pause)))
  if (!first) return { kind: 'done', days: [...days] }
  if (ask)
    return {
      kind: 'confirm-break',
      question: breakQuestion(
        first,
        first.breaks!.find((pause) => runsInto(first, pause))!,
      ),
    }
  return { kind: 'done', days: days.map(withoutBreaksRunInto) }
}

function withoutBreaksRunInto(day: PlanDay): PlanDay {
  const { breaks, ...rest } = day
  const kept = (breaks ?? []).filter((pause) => !runsInto(day, pause))
  return kept.length > 0 ? { ...rest, breaks: kept } : rest
}

/** The first visit the edit placed outside its place's hours (one that was already there is not repeated). */
function hoursWarning(before: readonly PlanDay[], after: readonly PlanDay[]): string | undefined {
  const key = (day: PlanDay, place: PlanPlace) => `${place.id}\n${day.date}\n${startOf(place)}\n${lengthOf(place)}`
  const unchangedVisits = new Set(before.flatMap((day) => day.places.map((place) => key(day, place))))
  for (const day of after) {
    for (const place of day.places) {
      if (unchangedVisits.has(key(day, place))) continue
      const warning = outsideHoursWarning(place, day.date, startOf(place), lengthOf(place))
      if (warning) return warning
    }
  }
  return undefined
}

function applyRule(days: readonly PlanDay[], edit: Edit): EditOutcome {
  switch (edit.type) {
    case 'move':
      return move(days, edit.from, edit.toDay, edit.start)
    case 'duration':
      return changeDuration(days, edit.at, edit.hours)
    case 'delete':
      return remove(days, edit.at)
    case 'swap':
      return swap(days, edit.day, edit.a, edit.b)
    case 'reorder':
      return reorder(days, edit.day, edit.from, edit.to)
    case 'add':
      return add(days, edit.day, edit.place, edit.start ?? ADDED_START_HOURS, edit.acceptShorter ?? false, edit.acceptStart ?? false)
    case 'lock':
      return lock(days, edit.at, edit.locked)
    case 'replace': {
      const problem = itineraryProblem(edit.days)
      return problem ? refused(problem) : done(normalizeDays(edit.days))
    }
  }
}

/** The days being edited and the snapshots taken before each change (spec §4: Undo restores the last). */
export interface EditorState {
  readonly days: readonly PlanDay[]
  readonly history: readonly (readonly PlanDay[])[]
}

export const startEditing = (days: readonly PlanDay[]): EditorState => ({ days: normalizeDays(days), history: [] })

/** Applies an edit; a change pushes the previous days onto the undo history. */
export function edit(state: EditorState, change: Edit): { readonly state: EditorState; readonly outcome: EditOutcome } {
  const outcome = applyEdit(state.days, change)
  if (outcome.kind !== 'done') return { state, outcome }
  return { state: { days: outcome.days, history: [...state.history, state.days].slice(-MAX_HISTORY) }, outcome }
}

export const canUndo = (state: EditorState) => state.history.length > 0

/** Restores the snapshot taken before the last change. */
export function undo(state: EditorState): EditorState {
  const previous = state.history.at(-1)
  return previous ? { days: previous, history: state.history.slice(0, -1) } : state
}

/**
 * What is wrong with a saved itinerary's days, in the editor's words, or undefined: a place of another
 * city, a visit running past midnight, or two visits overlapping.
 */
export function itineraryProblem(days: readonly PlanDay[]): string | undefined {
  for (const day of days) {
    const places = [...day.places].sort((a, b) => startOf(a) - startOf(b))
    for (const [k, place] of places.entries()) {
      if (!sameCity(place.city, day.city)) return EDIT_MESSAGES.otherCity
      if (endOf(place) > DAY_END_MINUTES) return EDIT_MESSAGES.pastMidnight
      if (k > 0 && startOf(place) < endOf(places[k - 1]!)) return EDIT_MESSAGES.overlap
    }
  }
  return undefined
}
