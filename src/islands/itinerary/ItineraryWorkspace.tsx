import { OSM_ATTRIBUTION, showsOpenStreetMap } from '../../modules/itinerary/planner/place-hours.ts'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { loginUrl } from '../../modules/auth/route-access.ts'
import { countsOf, daysPerCity } from '../../modules/itinerary/planner/day-split.ts'
import {
  canUndo,
  edit as editItinerary,
  startEditing,
  undo,
  type CandidatePlace,
  type Edit,
  type EditorState,
  type PlaceRef,
} from '../../modules/itinerary/planner/edit-rules.ts'
import { citiesInOrder, formatDay, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { lockedPlaceCount, removedAfter } from '../../modules/itinerary/planner/locks.ts'
import { CompareDialog } from './CompareDialog.tsx'
import { HistoryPanel } from './HistoryPanel.tsx'
import { fromSaved } from './saved-state.ts'
import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import { themeSlug } from '../home/trip-form.ts'
import { api } from '../session/api.ts'
import { ApiError } from '../session/errors.ts'
import { $loggedIn } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { useConfirm } from '../ui/Dialog.tsx'
import { toast } from '../ui/Toast.tsx'
import { CALENDAR_FAILED, downloadCalendar } from './calendar-download.ts'
import { proposedTripName } from '../../modules/itinerary/planner/calendar-name.ts'
import { ShareDialog } from '../my-itineraries/ShareDialog.tsx'
import { shareLink } from '../my-itineraries/share-link.ts'
import { tripEnd, withDatesFrom } from '../../modules/itinerary/planner/trip-dates.ts'
import { DayCalendar, HOUR_PX, startAtOffset, type DragData, type DropData } from './DayCalendar.tsx'
import { previewDrop, type DropPreview } from './drop-preview.ts'
import { DayList } from './DayList.tsx'
import { DayView } from './DayView.tsx'
import { TakeAlong } from './TakeAlong.tsx'
import { ExplorePanel, useExplore } from './ExplorePanel.tsx'
import { NameDialog } from './NameDialog.tsx'
import { OverviewPanel } from './OverviewPanel.tsx'
import { SAVE_FAILED } from './pending-save.ts'
import { PlaceEditor } from './PlaceEditor.tsx'
import { Tabs, useMediaQuery } from './Tabs.tsx'
import { BasedOn } from '../trips/BasedOn.tsx'
import { DayMap } from './DayMap.tsx'
import { withStays, writeItineraryState, writePendingSave, type ItineraryPageState } from './trip-state.ts'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'
import styles from './itinerary-page.module.css'

export const EXIT_EDIT_FIRST = 'Please exit Edit Mode before saving your itinerary!'
export const LOGIN_TO_SAVE = 'You must be logged in to save your itinerary!'
export const UPDATE_FAILED = 'Failed to update itinerary based on new day count.'
export const REPLAN_FAILED = 'Failed to re-plan the itinerary. Please try again.'
const HISTORY_RELOAD_FAILED = 'The version was restored, but the page could not load it. Please reload the page.'

/**
 * Why the trip is planned again: the Overview's new day counts, pace or stays ("Confirm & Update
 * Itinerary"), or the traveller's locks ("Re-plan around my locks"). Both keep the locks and the deleted
 * places, and change nothing before the traveller accepts.
 */
type ReplanPurpose = 'update' | 'replan'

const REPLAN_WORDS: Record<ReplanPurpose, { title: string; after: string; failed: string; accepted: string }> = {
  update: { title: 'Update the itinerary', after: 'Updated', failed: UPDATE_FAILED, accepted: 'Itinerary updated.' },
  replan: { title: 'Re-plan around my locks', after: 'Re-planned', failed: REPLAN_FAILED, accepted: 'Itinerary re-planned around your locks.' },
}

/** A re-plan waiting for the traveller's Accept or Cancel. */
interface Proposal {
  readonly purpose: ReplanPurpose
  readonly days: readonly PlanDay[]
  readonly daysPerCity: Record<string, number>
  readonly pace: string
  readonly startDate: string | null
  readonly notices: readonly string[]
}
const COLUMN_PX = 232
const REDIRECT_DELAY_MS = 1500

type TabKey = 'overview' | 'itinerary' | 'explore'
type Meta = Omit<ItineraryPageState, 'itineraryData'>

/**
 * Keyboard dragging moves a card by half an hour up and down, and a day left and right. The calendar
 * scrolls at once to keep the card in view ('auto'): during a smooth scroll the card's offset was read
 * mid-way on a busy machine, and a card moved by 40 px instead of 50.
 */
const coordinateGetter: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = { ArrowDown: [0, HOUR_PX / 2], ArrowUp: [0, -HOUR_PX / 2], ArrowRight: [COLUMN_PX, 0], ArrowLeft: [-COLUMN_PX, 0] }[event.code]
  if (!step) return undefined
  event.preventDefault()
  return { x: currentCoordinates.x + step[0]!, y: currentCoordinates.y + step[1]! }
}

const nameOf = (data: unknown) => (data as DragData | undefined)?.name ?? 'The place'
const labelOf = (data: unknown) => (data as DropData | undefined)?.label ?? 'a day'

/** What a screen reader hears while a place is dragged; `preview` is what dropping it now would do. */
const announcementsFor = (preview: { readonly current: DropPreview | null }): Announcements => ({
  onDragStart: ({ active }) =>
    `Picked up ${nameOf(active.data.current)}. Use the arrow keys to move it: up and down by half an hour, left and right by a day. Space drops it, Escape cancels.`,
  onDragOver: ({ active, over }) =>
    over ? `${nameOf(active.data.current)} is over ${labelOf(over.data.current)}.` : `${nameOf(active.data.current)} is not over a day.`,
  onDragMove: ({ active, over }) => (over && preview.current ? `${nameOf(active.data.current)}: ${preview.current.text}.` : undefined),
  onDragEnd: ({ active, over }) =>
    over ? `${nameOf(active.data.current)} was dropped on ${labelOf(over.data.current)}.` : `${nameOf(active.data.current)} was dropped outside the calendar.`,
  onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
})

/** The itinerary page once it has an itinerary: tabs, the calendar editor, Explore, saving. */
export function ItineraryWorkspace({ initial, mapStyleUrl }: { initial: ItineraryPageState; mapStyleUrl?: string | undefined }) {
  const needsNetwork = useNeedsNetwork()
  const { itineraryData, ...initialMeta } = initial
  const [meta, setMeta] = useState<Meta>(initialMeta)
  const [editor, setEditor] = useState<EditorState>(() => startEditing(itineraryData))
  const editorRef = useRef(editor)
  editorRef.current = editor
  const days = editor.days
  const cities = meta.tripData.destinations.length > 0 ? meta.tripData.destinations : citiesInOrder(days)
  const [baseCounts, setBaseCounts] = useState(() => countsOf(days, cities))
  const [counts, setCounts] = useState(baseCounts)
  const [stays, setStays] = useState<Readonly<Record<string, Stay>>>(() => meta.tripData.stays ?? {})
  const [updating, setUpdating] = useState(false)
  const [pace, setPace] = useState(initialMeta.tripData.tripPace ?? 'moderate')
  /** The Overview's start date; the trip is planned again for it on Confirm & Update. */
  const [startDate, setStartDate] = useState<string | null>(initialMeta.tripData.startDate?.slice(0, 10) ?? null)
  const [replanning, setReplanning] = useState(false)
  const [proposal, setProposal] = useState<Proposal | null>(null)
  /** Whether an accepted re-plan is waiting to be saved (the save is then recorded as a re-plan). */
  const [replanned, setReplanned] = useState(false)
  const [saving, setSaving] = useState(false)
  const [tab, setTab] = useState<TabKey>('itinerary')
  const [openPlace, setOpenPlace] = useState<PlaceRef | null>(null)
  // The place chosen last, on the day's map or in the calendar: ringed on both; an edit clears it.
  const [chosen, setChosen] = useState<PlaceRef | null>(null)
  const [mapShown, setMapShown] = useState(false)
  /** The day the phone's day view shows; it follows a visit moved or added to another day. */
  const [phoneDay, setPhoneDay] = useState(0)
  const [naming, setNaming] = useState<null | 'save' | 'rename'>(null)
  const [history, setHistory] = useState(false)
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const wide = useMediaQuery('(min-width: 768px)')
  const loggedIn = useStore($loggedIn)
  const explore = useExplore(cities)
  const { confirm, confirmDialog } = useConfirm()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter, scrollBehavior: 'auto' }),
  )

  useEffect(() => writeItineraryState({ ...meta, itineraryData: days }), [meta, days])
  // An edit may move the chosen place: the ring goes rather than mark another one.
  useEffect(() => setChosen(null), [days])
  useEffect(() => {
    if (wide && tab === 'explore') setTab('itinerary')
  }, [wide, tab])

  const editing = meta.isEditing
  const staysChanged = JSON.stringify(stays) !== JSON.stringify(meta.tripData.stays ?? {})
  const datesChanged = startDate !== (meta.tripData.startDate?.slice(0, 10) ?? null)
  const dirty = counts.some((count, index) => count !== baseCounts[index]) || pace !== (meta.tripData.tripPace ?? 'moderate') || staysChanged || datesChanged
  const title = meta.savedTitle ?? `${cities.join(', ')} trip`

  /**
   * Applies an edit: a refusal is returned, and shown as a toast unless the caller shows it itself (the
   * place dialog has its own alert), a shortened visit is asked about first.
   */
  const change = (edit: Edit, showRefusal = true): string | undefined => {
    const { state, outcome } = editItinerary(editorRef.current, edit)
    if (outcome.kind === 'refused') {
      if (showRefusal) toast(outcome.message, { kind: 'error' })
      return outcome.message
    }
    if (outcome.kind === 'confirm-shorter') {
      void confirm({ message: outcome.question, confirmLabel: 'Add with shorter visit', cancelLabel: 'Cancel' }).then((yes) => {
        if (yes && edit.type === 'add') change({ ...edit, acceptShorter: true })
      })
      return undefined
    }
    if (outcome.kind === 'confirm-start') {
      void confirm({ message: outcome.question, confirmLabel: 'Put it there', cancelLabel: 'Cancel' }).then((yes) => {
        if (yes && edit.type === 'add') change({ ...edit, start: outcome.start, acceptStart: true })
      })
      return undefined
    }
    if (outcome.kind === 'confirm-break') {
      void confirm({ message: outcome.question, confirmLabel: 'Use its time', cancelLabel: 'Keep the break' }).then((yes) => {
        if (yes) change({ ...edit, useBreakTime: true })
      })
      return undefined
    }
    apply(state, edit.type === 'delete')
    if (edit.type === 'move') setPhoneDay(edit.toDay)
    if (edit.type === 'add') setPhoneDay(edit.day)
    if (outcome.kind === 'done' && outcome.warning) toast(outcome.warning, { kind: 'warning' })
    return undefined
  }

  /**
   * Takes a new editor state. A deletion adds the place to the trip's deleted places (a re-plan never brings
   * it back); a place back in the itinerary (Undo, added from Explore) leaves that list.
   */
  const apply = (state: EditorState, deletion = false) => {
    const before = editorRef.current.days
    editorRef.current = state
    setEditor(state)
    setMeta((current) => {
      const removed = current.tripData.removedPlaces ?? []
      const next = deletion ? removedAfter(removed, before, state.days) : removedAfter(removed, state.days, state.days)
      return { ...current, tripData: { ...current.tripData, removedPlaces: next } }
    })
  }

  /**
   * Undo; when that takes back an update of the day counts or dates, the Overview's go back with it. Any
   * other undo leaves the counts and start the traveller is still choosing in the Overview as they are.
   */
  const undoLast = () => {
    const firstBefore = editorRef.current.days[0]?.date?.slice(0, 10)
    const state = undo(editorRef.current)
    apply(state)
    const restored = countsOf(state.days, cities)
    const perCity = daysPerCity(cities, restored)
    const firstDate = state.days[0]?.date?.slice(0, 10)
    const countsTakenBack = restored.some((count, index) => count !== baseCounts[index])
    const datesTakenBack = firstDate !== undefined && firstDate !== firstBefore
    if (!countsTakenBack && !datesTakenBack) return
    setBaseCounts(restored)
    setCounts(restored)
    if (firstDate) setStartDate(firstDate)
    setMeta((current) => ({
      ...current,
      daysPerCity: perCity,
      tripData: {
        ...current.tripData,
        daysPerDestination: perCity,
        ...(firstDate ? { startDate: firstDate, endDate: tripEnd(firstDate, state.days.length) ?? current.tripData.endDate } : {}),
      },
    }))
  }

  const addPlace = (place: CandidatePlace, dayIndex: number) => {
    if (change({ type: 'add', day: dayIndex, place }) === undefined) toast(`${place.name} added.`, { kind: 'success', duration: 2500 })
  }

  /** The edit a drag would make if dropped now, with the id of the place it carries. */
  const dropEdit = ({ active, over, delta }: DragMoveEvent) => {
    const drag = active.data.current as DragData | undefined
    const drop = over?.data.current as DropData | undefined
    if (!over || !drag || !drop) return undefined
    if (drag.kind === 'place') {
      // Every column has the same hour grid: the vertical distance travelled (scrolling included) is the time shift.
      const place = editorRef.current.days[drag.ref.day]?.places[drag.ref.index]
      if (!place) return undefined
      const edit = { type: 'move', from: drag.ref, toDay: drop.dayIndex, start: startAtOffset(place.start_time * HOUR_PX + delta.y) } as const
      return { edit, id: place.id }
    }
    const top = active.rect.current.translated?.top
    if (top === undefined) return undefined
    return { edit: { type: 'add', day: drop.dayIndex, place: drag.place, start: startAtOffset(top - over.rect.top) } as const, id: String(drag.place.id) }
  }

  const [dropPreview, setDropPreview] = useState<DropPreview | null>(null)
  /** The preview as the drag's announcements read it, set before they run; null once it has been said. */
  const unsaid = useRef<DropPreview | null>(null)
  const [announcements] = useState(() => announcementsFor(unsaid))
  const onDragMove = (event: DragMoveEvent) => {
    const next = dropEdit(event)
    const preview = next ? previewDrop(editorRef.current.days, next.edit, next.id) : null
    const same = dropPreview?.text === preview?.text && dropPreview?.dayIndex === preview?.dayIndex && dropPreview?.at === preview?.at
    unsaid.current = same ? null : preview
    if (!same) setDropPreview(preview)
  }

  const onDragEnd = (event: DragEndEvent) => {
    setDropPreview(null)
    const next = dropEdit(event)
    if (next) change(next.edit)
  }

  const toggleEditing = () => {
    setOpenPlace(null)
    setMeta((current) => ({ ...current, isEditing: !current.isEditing }))
  }

  /** The trip as the generate and re-plan calls take it: the Overview's pace and day counts. */
  const tripRequest = () => {
    const trip = meta.tripData
    return {
      origin_city: trip.origin || cities[0],
      destinations: trip.destinationQueries?.length === cities.length ? trip.destinationQueries : cities,
      // Every theme the traveller chose, not only the first.
      trip_types: trip.tripType.map(themeSlug),
      pace,
      start_date: startDate ?? trip.startDate,
      end_date: startDate ? (tripEnd(startDate, days.length) ?? trip.endDate) : trip.endDate,
      daysPerCity: daysPerCity(cities, counts),
      ...(Object.keys(stays).length > 0 ? { stays } : {}),
    }
  }

  /**
   * Plans the trip again around the locks, with the Overview's day counts, pace and stays: the answer is
   * shown in the compare view; nothing changes before Accept.
   */
  const replan = async (purpose: ReplanPurpose) => {
    const busy = purpose === 'update' ? setUpdating : setReplanning
    busy(true)
    try {
      const answer = await api<{ itinerary: PlanDay[]; daysPerCity: Record<string, number>; notices?: string[] }>('/api/itinerary/replan', {
        auth: $loggedIn.get(),
        timeoutMs: 60_000,
        // New dates: each day keeps its place in the trip (and its locks), on the date as far from the new start.
        body: {
          ...tripRequest(),
          editableItinerary: startDate && datesChanged ? withDatesFrom(editorRef.current.days, startDate) : editorRef.current.days,
          removedPlaces: meta.tripData.removedPlaces ?? [],
        },
      })
      setProposal({ purpose, days: answer.itinerary, daysPerCity: answer.daysPerCity, pace, startDate, notices: answer.notices ?? [] })
    } catch (error) {
      toast(error instanceof ApiError && error.status === 422 ? error.message : REPLAN_WORDS[purpose].failed, { kind: 'error' })
    } finally {
      busy(false)
    }
  }

  /** Accept: the re-planned days in one edit, so one Undo goes back to the plan before it. */
  const acceptProposal = () => {
    if (!proposal) return
    setProposal(null)
    if (change({ type: 'replace', days: proposal.days }) !== undefined) return
    setMeta((current) => ({
      ...current,
      daysPerCity: proposal.daysPerCity,
      notices: proposal.notices,
      tripData: {
        ...withStays(current.tripData, stays),
        daysPerDestination: proposal.daysPerCity,
        tripPace: proposal.pace,
        ...(proposal.startDate ? { startDate: proposal.startDate, endDate: tripEnd(proposal.startDate, proposal.days.length) ?? null } : {}),
      },
    }))
    const next = countsOf(proposal.days, cities)
    setBaseCounts(next)
    setCounts(next)
    setReplanned(true)
    setTab('itinerary')
    toast(REPLAN_WORDS[proposal.purpose].accepted, { kind: 'success' })
  }

  const store = async (name: string) => {
    const body = {
      tripData: meta.tripData,
      editableItinerary: days,
      title: name,
      ...(meta.savedId ? { saved_id: meta.savedId } : {}),
      ...(replanned ? { replanned: true } : {}),
    }
    if (!$loggedIn.get()) {
      toast(LOGIN_TO_SAVE, { kind: 'error' })
      writePendingSave({ tripData: meta.tripData, editableItinerary: days, title: name, saved_id: meta.savedId })
      setMeta((current) => ({ ...current, savedTitle: name }))
      window.setTimeout(() => location.assign(loginUrl('/itinerary')), REDIRECT_DELAY_MS)
      return
    }
    setSaving(true)
    try {
      const saved = await api<{ saved_id: string; title: string }>('/api/saved-itineraries/save-full', { auth: true, body })
      setMeta((current) => ({ ...current, savedId: saved.saved_id, savedTitle: saved.title }))
      setReplanned(false)
      toast('Saved to My Itineraries.', { kind: 'success' })
    } catch (error) {
      toast(error instanceof ApiError && error.status > 0 ? error.message : SAVE_FAILED, { kind: 'error' })
    } finally {
      setSaving(false)
    }
  }

  const save = () => {
    if (editing) return void toast(EXIT_EDIT_FIRST, { kind: 'error' })
    if (meta.savedTitle) return void store(meta.savedTitle)
    setNaming('save')
  }

  /** After a version was restored: the itinerary as saved now, with a fresh Undo history. */
  const reloadSaved = async () => {
    try {
      const saved = await api<SavedItineraryView>(`/api/saved-itineraries/${meta.savedId}`, { auth: true })
      const { itineraryData, ...restored } = fromSaved(saved, false)
      const fresh = startEditing(itineraryData)
      editorRef.current = fresh
      setEditor(fresh)
      setMeta(restored)
      setPace(restored.tripData.tripPace ?? 'moderate')
      setStartDate(restored.tripData.startDate?.slice(0, 10) ?? null)
      const next = countsOf(itineraryData, restored.tripData.destinations.length > 0 ? restored.tripData.destinations : citiesInOrder(itineraryData))
      setBaseCounts(next)
      setCounts(next)
      setReplanned(false)
    } catch {
      toast(HISTORY_RELOAD_FAILED, { kind: 'error' })
    }
  }

  const share = async () => {
    try {
      setShareUrl(await shareLink(meta.savedId!))
    } catch (error) {
      toast((error as Error).message, { kind: 'error' })
    }
  }

  const calendarFile = async () => {
    try {
      await downloadCalendar(meta.savedId!, title)
    } catch {
      toast(CALENDAR_FAILED, { kind: 'error' })
    }
  }

  /** A place chosen on the map or in the calendar: ringed on both, its details opened. */
  const choosePlace = (ref: PlaceRef) => {
    setChosen(ref)
    if (!wide) setPhoneDay(ref.day)
    setOpenPlace(ref)
  }
  const dayMap = (
    <DayMap days={days} chosen={chosen} onChoose={choosePlace} stays={stays} styleUrl={mapStyleUrl} {...(wide ? {} : { day: phoneDay, onDay: setPhoneDay })} />
  )

  const calendar = (
    <div>
      <div className={styles.toolbar} role="toolbar" aria-label="Itinerary actions">
        <Button variant={editing ? 'primary' : 'secondary'} aria-pressed={editing} onClick={toggleEditing}>
          {editing ? 'Exit Edit Mode' : 'Edit Itinerary'}
        </Button>
        <Button variant="secondary" disabled={!canUndo(editor)} onClick={undoLast}>
          Undo
        </Button>
        <Button variant="primary" loading={saving} loadingText="Saving…" onClick={save} {...needsNetwork}>
          Save to My Itineraries
        </Button>
        {meta.savedId && !editing && loggedIn && (
          <Button onClick={() => setNaming('rename')} {...needsNetwork}>
            Rename
          </Button>
        )}
        {meta.savedId && !editing && loggedIn && (
          <Button onClick={() => void share()} {...needsNetwork}>
            Share
          </Button>
        )}
        {meta.savedId && loggedIn && (
          <Button onClick={() => void calendarFile()} {...needsNetwork}>
            Add to calendar
          </Button>
        )}
        {meta.savedId && !editing && loggedIn && (
          <Button onClick={() => setHistory(true)} {...needsNetwork}>
            History
          </Button>
        )}
        {!wide && (
          <Button variant="secondary" aria-expanded={mapShown} onClick={() => setMapShown(!mapShown)}>
            {mapShown ? 'Hide map' : 'Map'}
          </Button>
        )}
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {editing && (
        <p className={styles.hint}>
          {wide
            ? 'Drag a place to another time or day, or select it to change its duration, move, swap or delete it.'
            : 'Select a place to change its duration, move, swap, lock or delete it.'}
        </p>
      )}
      {!wide && mapShown && dayMap}
      {wide ? (
        <DayCalendar
          days={days}
          editable={editing}
          chosen={chosen}
          onOpenPlace={choosePlace}
          onToggleLock={(at, locked) => change({ type: 'lock', at, locked })}
          dropPreview={dropPreview}
          label="Day calendar"
        />
      ) : (
        <DayView
          days={days}
          dayIndex={phoneDay}
          onDay={setPhoneDay}
          editable={editing}
          chosen={chosen}
          onOpenPlace={choosePlace}
          onToggleLock={(at, locked) => change({ type: 'lock', at, locked })}
        />
      )}
      {!editing && days.some((day) => day.places.length > 0) && <TakeAlong title={title} days={days} />}
    </div>
  )

  const overview = (
    <OverviewPanel
      tripData={meta.tripData}
      days={days}
      cities={cities}
      counts={counts}
      onCounts={setCounts}
      stays={stays}
      startDate={startDate}
      onStartDate={setStartDate}
      onStay={(city, stay) =>
        setStays((current) => {
          const { [city]: _, ...rest } = current
          return stay ? { ...rest, [city]: stay } : rest
        })
      }
      dirty={dirty}
      updating={updating}
      onConfirm={() => void replan('update')}
      pace={pace}
      onPace={setPace}
      lockCount={lockedPlaceCount(days)}
      replanning={replanning}
      onReplan={() => void replan('replan')}
    />
  )
  const explorePanel = <ExplorePanel cities={cities} days={days} explore={explore} editing={editing} onAdd={addPlace} />
  const tabs = wide
    ? ([
        { key: 'overview', label: 'Overview' },
        { key: 'itinerary', label: 'Itinerary' },
      ] as const)
    : ([
        { key: 'overview', label: 'Overview' },
        { key: 'itinerary', label: 'Itinerary' },
        { key: 'explore', label: 'Explore' },
      ] as const)

  return (
    <DndContext
      sensors={sensors}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDropPreview(null)}
      accessibility={{ announcements }}
    >
      <div className={styles.page}>
        <header className={`container ${styles.header}`}>
          <span className="eyebrow">{meta.savedId ? 'Saved itinerary' : 'Your itinerary'}</span>
          <h1>{title}</h1>
          <p className="muted">
            {meta.tripData.origin ? `From ${meta.tripData.origin} to ` : ''}
            {cities.join(', ')}
            {meta.tripData.startDate && meta.tripData.endDate ? ` · ${formatDay(meta.tripData.startDate)} – ${formatDay(meta.tripData.endDate)}` : ''}
            {` · ${days.length} day${days.length === 1 ? '' : 's'}`}
          </p>
          {meta.tripData.basedOnPost && <BasedOn postId={meta.tripData.basedOnPost} />}
          {meta.notices && meta.notices.length > 0 && (
            <ul className={styles.notices} aria-label="About this plan">
              {meta.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          )}
        </header>
        <div className={wide ? `container ${styles.layout} ${styles.wide}` : `container ${styles.layout}`}>
          <div className={styles.main}>
            <Tabs tabs={tabs} active={tab} onChange={setTab} label="Itinerary views">
              {tab === 'overview' ? overview : tab === 'explore' && !wide ? explorePanel : calendar}
            </Tabs>
          </div>
          {wide && (
            // Scrolls on its own: focusable, so keyboard users can scroll it too.
            <aside className={`card card--flat ${styles.aside}`} tabIndex={0} aria-label="Map and places to explore">
              {dayMap}
              {explorePanel}
            </aside>
          )}
        </div>
        {showsOpenStreetMap(days) && <p className={`container muted ${styles.credit}`}>{OSM_ATTRIBUTION}</p>}
        <div className={styles.printOnly}>
          <DayList title={title} days={days} />
        </div>
      </div>
      <PlaceEditor days={days} at={openPlace} editable={editing} onClose={() => setOpenPlace(null)} onEdit={(edit) => change(edit, false)} />
      <NameDialog
        open={naming !== null}
        title={naming === 'rename' ? 'Rename itinerary' : 'Save to My Itineraries'}
        initial={naming === 'rename' ? (meta.savedTitle ?? '') : proposedTripName(cities, meta.tripData.startDate)}
        confirmLabel={naming === 'rename' ? 'Rename' : 'Save'}
        onCancel={() => setNaming(null)}
        onName={(name) => {
          setNaming(null)
          void store(name)
        }}
      />
      <CompareDialog
        open={proposal !== null}
        title={REPLAN_WORDS[proposal?.purpose ?? 'replan'].title}
        before={days}
        after={proposal?.days ?? []}
        beforeLabel="Now"
        afterLabel={REPLAN_WORDS[proposal?.purpose ?? 'replan'].after}
        onAccept={acceptProposal}
        onCancel={() => setProposal(null)}
      />
      {meta.savedId && <HistoryPanel open={history} savedId={meta.savedId} onClose={() => setHistory(false)} onRestored={() => void reloadSaved()} />}
      <ShareDialog url={shareUrl} onClose={() => setShareUrl(null)} />
      {confirmDialog}
    </DndContext>
  )
}
