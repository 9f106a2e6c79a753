import { describe, expect, it } from 'vitest'
import { applyFieldMask } from './fake-google-places.ts'
import { kindFromTypes, openingWindow, popularityOf, toAttraction, toSuggestions } from './google-mapping.ts'
import { resolveCity } from '../../cities/cities.ts'

const day = (d: number, open: [number, number], close?: [number, number], closeDay = d) => ({
  open: { day: d, hour: open[0], minute: open[1] },
  ...(close ? { close: { day: closeDay, hour: close[0], minute: close[1] } } : {}),
})

describe('openingWindow', () => {
  it('takes the most common daily window of the week', () => {
    const periods = [day(1, [9, 0], [18, 0]), day(2, [9, 0], [18, 0]), day(3, [9, 0], [18, 0]), day(6, [10, 0], [20, 0])]
    expect(openingWindow({ periods }, 'museum')).toEqual({ opensAt: 540, closesAt: 1080 })
  })

  it('reads an always-open place and a close after midnight as open until midnight', () => {
    expect(openingWindow({ periods: [day(0, [0, 0])] }, 'landmark')).toEqual({ opensAt: 0, closesAt: 1440 })
    expect(openingWindow({ periods: [day(5, [20, 0], [2, 0], 6)] }, 'nightlife')).toEqual({ opensAt: 1200, closesAt: 1440 })
  })

  it("falls back to the kind's default window without hours", () => {
    expect(openingWindow(undefined, 'museum')).toEqual({ opensAt: 600, closesAt: 1080 })
    expect(openingWindow({ periods: [] }, 'park_garden')).toEqual({ opensAt: 360, closesAt: 1260 })
  })
})

describe('kindFromTypes', () => {
  it('prefers the primary type, then the first type that names a kind', () => {
    expect(kindFromTypes('church', ['tourist_attraction'])).toBe('religious_site')
    expect(kindFromTypes(undefined, ['point_of_interest', 'zoo'])).toBe('zoo_aquarium')
    expect(kindFromTypes('restaurant', ['food'])).toBe('landmark')
  })
})

describe('toAttraction', () => {
  const paris = resolveCity('Paris')!

  it('never invents a rating or review count', () => {
    const place = toAttraction({ id: 'x', displayName: { text: 'Somewhere' }, location: { latitude: 48.85, longitude: 2.35 } }, paris, 0, 1)!
    expect(place).toMatchObject({ rating: null, reviewsCount: null, address: null, kind: 'landmark', city: 'Paris', cityId: paris.id })
  })

  it('skips places without an id, a name or a location', () => {
    expect(toAttraction({ displayName: { text: 'A' }, location: { latitude: 1, longitude: 1 } }, paris, 0, 1)).toBeUndefined()
    expect(toAttraction({ id: 'a', location: { latitude: 1, longitude: 1 } }, paris, 0, 1)).toBeUndefined()
    expect(toAttraction({ id: 'a', displayName: { text: 'A' } }, paris, 0, 1)).toBeUndefined()
  })

  it('derives popularity from rating counts and rank, within 0..1', () => {
    expect(popularityOf({ userRatingCount: 100_000 }, 0, 10)).toBe(1)
    expect(popularityOf({}, 9, 10)).toBe(0)
    expect(popularityOf({ userRatingCount: 1000 }, 0, 1)).toBeGreaterThan(popularityOf({ userRatingCount: 10 }, 0, 1))
  })
})

describe('toSuggestions', () => {
  it('maps place predictions to {description, types} and skips query predictions', () => {
    expect(
      toSuggestions({
        suggestions: [{ placePrediction: { placeId: 'p', text: { text: 'Paris, France' }, types: ['locality', 'political'] } }, {}],
      }),
    ).toEqual([{ description: 'Paris, France', types: ['locality', 'political'] }])
  })
})

describe('the fake server’s field mask', () => {
  it('keeps only the named fields, as Google does', () => {
    const response = { places: [{ id: 'a', displayName: { text: 'A', languageCode: 'en' }, rating: 4 }] }
    expect(applyFieldMask(response, 'places.id,places.displayName')).toEqual({ places: [{ id: 'a', displayName: { text: 'A', languageCode: 'en' } }] })
    expect(applyFieldMask(response, 'places.displayName.text')).toEqual({ places: [{ displayName: { text: 'A' } }] })
  })
})
