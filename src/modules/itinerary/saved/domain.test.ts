import { describe, it } from 'vitest'
import { given } from '../../../events/given.ts'
import type { ItineraryDocument } from '../planner/document.ts'
import { itineraryDecider, type ItineraryEvent } from './domain.ts'
import { ItineraryExists, ItineraryNotFound, TooManyTrips, TooManyVersions } from './errors.ts'

const itineraryId = '0b6f0d4e-5c1a-4c55-9a51-0f6f3b1d2c3e'
const ownerId = '6f1c2b8e-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const strangerId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const trip = {
  origin: 'Berlin',
  destinations: ['Paris'],
  startDate: '2026-12-01',
  endDate: '2026-12-01',
  tripType: [],
  tripPace: 'moderate',
  daysPerDestination: { Paris: 1 },
}
const document = (name = 'Louvre'): ItineraryDocument => ({
  trip,
  days: [
    {
      day: 1,
      date: '2026-12-01',
      city: 'Paris',
      places: [
        {
          id: 'p1',
          name,
          address: null,
          rating: null,
          reviews_count: null,
          visit_duration: 2,
          start_time: 10,
          travel_time_from_previous: 0,
          city: 'Paris',
          coordinates: { latitude: 48.86, longitude: 2.34 },
          latitude: 48.86,
          longitude: 2.34,
        },
      ],
    },
  ],
})

const saved: ItineraryEvent = { type: 'ItinerarySaved', data: { itineraryId, ownerId, title: 'Paris', ...document() } }
const sharedAs = (shareId: string): ItineraryEvent => ({ type: 'ItineraryShared', data: { itineraryId, shareId } })
const deleted: ItineraryEvent = { type: 'ItineraryDeleted', data: { itineraryId, ownerId } }
const itinerary = (...events: ItineraryEvent[]) => given(itineraryDecider, events)

describe('the saved itinerary decider', () => {
  it('saves a new itinerary once', () => {
    itinerary().when({ type: 'Save', itineraryId, ownerId, title: 'Paris', document: document(), ownedTrips: 3 }).then([saved])
    itinerary(saved).when({ type: 'Save', itineraryId, ownerId, title: 'Paris', document: document(), ownedTrips: 3 }).thenFails(ItineraryExists)
  })

  it('keeps at most 200 trips an account and 500 versions a trip', () => {
    itinerary().when({ type: 'Save', itineraryId, ownerId, title: 'Paris', document: document(), ownedTrips: 199 }).then([saved])
    itinerary().when({ type: 'Save', itineraryId, ownerId, title: 'Paris', document: document(), ownedTrips: 200 }).thenFails(TooManyTrips)
    const renames = Array.from({ length: 499 }, (_, i): ItineraryEvent => ({ type: 'ItineraryRenamed', data: { itineraryId, title: `Paris ${i}` } }))
    itinerary(saved, ...renames.slice(0, 498))
      .when({ type: 'Rename', itineraryId, callerId: ownerId, title: 'Paris again' })
      .then([{ type: 'ItineraryRenamed', data: { itineraryId, title: 'Paris again' } }])
    itinerary(saved, ...renames)
      .when({ type: 'Update', itineraryId, callerId: ownerId, document: document('Musée du Louvre') })
      .thenFails(TooManyVersions)
    // Sharing and deleting still work on a full History.
    itinerary(saved, ...renames)
      .when({ type: 'Delete', itineraryId, callerId: ownerId })
      .then([deleted])
  })

  it('records an edit and a rename only when something changed', () => {
    itinerary(saved)
      .when({ type: 'Update', itineraryId, callerId: ownerId, title: 'Paris in winter', document: document('Musée du Louvre') })
      .then([
        { type: 'ItineraryEdited', data: { itineraryId, ...document('Musée du Louvre') } },
        { type: 'ItineraryRenamed', data: { itineraryId, title: 'Paris in winter' } },
      ])
    itinerary(saved).when({ type: 'Update', itineraryId, callerId: ownerId, title: 'Paris', document: document() }).then([])
    itinerary(saved).when({ type: 'Update', itineraryId, callerId: ownerId, document: document() }).then([])
    itinerary(saved).when({ type: 'Rename', itineraryId, callerId: ownerId, title: 'Paris' }).then([])
  })

  it('records a save of a re-plan as a re-plan', () => {
    itinerary(saved)
      .when({ type: 'Update', itineraryId, callerId: ownerId, document: document('Musée du Louvre'), replanned: true })
      .then([{ type: 'ItineraryReplanned', data: { itineraryId, ...document('Musée du Louvre') } }])
  })

  it('restores an earlier version as a new one, and does nothing when it is the current one', () => {
    const edited: ItineraryEvent = { type: 'ItineraryEdited', data: { itineraryId, ...document('Musée du Louvre') } }
    itinerary(saved, edited)
      .when({ type: 'Restore', itineraryId, callerId: ownerId, version: 1, title: 'Paris', document: document() })
      .then([{ type: 'ItineraryRestored', data: { itineraryId, version: 1, title: 'Paris', ...document() } }])
    itinerary(saved).when({ type: 'Restore', itineraryId, callerId: ownerId, version: 1, title: 'Paris', document: document() }).then([])
    itinerary(saved, edited)
      .when({ type: 'Restore', itineraryId, callerId: strangerId, version: 1, title: 'Paris', document: document() })
      .thenFails(ItineraryNotFound)
  })

  it('shares with one link for good', () => {
    itinerary(saved)
      .when({ type: 'Share', itineraryId, callerId: ownerId, shareId: 'first-link-0123456789' })
      .then([sharedAs('first-link-0123456789')])
    itinerary(saved, sharedAs('first-link-0123456789')).when({ type: 'Share', itineraryId, callerId: ownerId, shareId: 'other-link-0123456789' }).then([])
  })

  it('deletes, after which the itinerary is gone for every command', () => {
    itinerary(saved).when({ type: 'Delete', itineraryId, callerId: ownerId }).then([deleted])
    itinerary(saved, deleted).when({ type: 'Delete', itineraryId, callerId: ownerId }).thenFails(ItineraryNotFound)
    itinerary(saved, deleted)
      .when({ type: 'Share', itineraryId, callerId: ownerId, shareId: 'x'.repeat(22) })
      .thenFails(ItineraryNotFound)
  })

  it('treats another user, or an itinerary never saved, as not found', () => {
    for (const command of [
      { type: 'Update', itineraryId, callerId: strangerId, document: document() },
      { type: 'Rename', itineraryId, callerId: strangerId, title: 'Mine' },
      { type: 'Share', itineraryId, callerId: strangerId, shareId: 'x'.repeat(22) },
      { type: 'Delete', itineraryId, callerId: strangerId },
    ] as const) {
      itinerary(saved).when(command).thenFails(ItineraryNotFound)
      itinerary()
        .when({ ...command, callerId: ownerId })
        .thenFails(ItineraryNotFound)
    }
  })
})
