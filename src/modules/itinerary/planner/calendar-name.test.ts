import { describe, expect, it } from 'vitest'
import { proposedTripName, tripFileName } from './calendar-name.ts'

describe('trip names', () => {
  it('proposes the cities and the month the trip starts', () => {
    expect(proposedTripName(['Lisbon', 'Porto'], '2027-01-14')).toBe('Lisbon & Porto, January 2027')
    expect(proposedTripName(['Paris', 'Lyon', 'Nice'], '2027-05-31')).toBe('Paris, Lyon & Nice, May 2027')
    expect(proposedTripName(['Kyoto'], '2026-12-01T00:00:00.000Z')).toBe('Kyoto, December 2026')
    expect(proposedTripName(['Kyoto'], null)).toBe('Kyoto')
    expect(proposedTripName(['Kyoto'], 'soon')).toBe('Kyoto')
  })

  it('makes a file name of the title’s letters and digits', () => {
    expect(tripFileName('Paris & Rome!', 'ics')).toBe('Paris-Rome.ics')
    expect(tripFileName('Lisbon & Porto, January 2027', 'gpx')).toBe('Lisbon-Porto-January-2027.gpx')
    expect(tripFileName('!!!', 'kml')).toBe('itinerary.kml')
  })
})
