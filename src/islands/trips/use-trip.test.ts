import { describe, expect, it } from 'vitest'
import type { TripSnapshot } from '../../modules/itinerary/saved/trip-snapshot.ts'
import { lisbonStop } from '../../modules/itinerary/planner/test-catalog.ts'
import { appendTripChoice } from './AttachTrip.tsx'
import { copyRequest, proposedStart } from './use-trip.ts'

const trip: TripSnapshot = {
  title: 'Lisbon in spring',
  destinations: ['Lisbon'],
  daysPerDestination: { Lisbon: 2 },
  startDate: '2027-04-05',
  tripType: ['Tourist Attractions', 'Cultural & Historical'],
  tripPace: 'slow-paced',
  days: [
    { day: 1, date: '2027-04-05', city: 'Lisbon', places: [lisbonStop('Belém Tower', 38.6916, -9.216)] },
    { day: 2, date: '2027-04-06', city: 'Lisbon', places: [lisbonStop('São Jorge Castle', 38.7139, -9.1334)] },
  ],
}

describe('making a trip one’s own', () => {
  it('moves its days to the new start, one a day, and asks the re-plan to keep its own places only', () => {
    const request = copyRequest(trip, '2027-10-30')
    expect(request.editableItinerary.map((day) => day.date)).toEqual(['2027-10-30', '2027-10-31'])
    expect(request.editableItinerary.map((day) => day.places.map((place) => place.name))).toEqual([['Belém Tower'], ['São Jorge Castle']])
    expect(request).toMatchObject({
      start_date: '2027-10-30',
      end_date: '2027-10-31',
      trip_types: ['tourist-attractions', 'cultural---historical'],
      pace: 'slow-paced',
      daysPerCity: { Lisbon: 2 },
      onlyCurrentPlaces: true,
    })
  })

  it('proposes a start a month from today, in the traveller’s calendar', () => {
    expect(proposedStart(new Date(2026, 10, 29))).toBe('2026-12-29')
    expect(proposedStart(new Date(2027, 0, 31))).toBe('2027-03-03')
  })

  it('sends a chosen trip, takes an attached one off only when asked, and sends nothing to keep it', () => {
    const sent = (choice: Parameters<typeof appendTripChoice>[1], hadTrip: boolean) => {
      const form = new FormData()
      appendTripChoice(form, choice, hadTrip)
      return Object.fromEntries(form.entries())
    }
    expect(sent({ savedId: 'abc' }, true)).toEqual({ trip_id: 'abc' })
    expect(sent('none', true)).toEqual({ remove_trip: 'true' })
    expect(sent('none', false)).toEqual({})
    expect(sent('keep', true)).toEqual({})
  })
})
