import { describe, expect, it } from 'vitest'
import { parseTheme } from '../../modules/itinerary/planner/themes.ts'
import { validateTrip } from '../../modules/itinerary/planner/trip.ts'
import {
  choiceOf,
  FILL_ALL_FIELDS,
  capacityHints,
  formProblem,
  generateRequest,
  isLocality,
  localToday,
  missingFieldsText,
  pickedCityNote,
  placesNote,
  THEME_LABELS,
  themeSlug,
  type TripForm,
} from './trip-form.ts'

const paris = choiceOf({ description: 'Paris, Île-de-France, France', places: 23 })
const lisbon = choiceOf({ description: 'Lisbon, Lisboa, Portugal', places: 4 })
const rome = choiceOf({ description: 'Rome, Lazio, Italy' })

const form = (overrides: Partial<TripForm> = {}): TripForm => ({
  origin: choiceOf({ description: 'London, City of London, United Kingdom' }),
  destinations: [paris, rome],
  startDate: '2030-05-01',
  endDate: '2030-05-05',
  themes: ['Cultural & Historical'],
  pace: 'moderate',
  ...overrides,
})

describe('the trip form', () => {
  it('takes the city as the text before the first comma, and only locality suggestions', () => {
    expect(paris).toEqual({ description: 'Paris, Île-de-France, France', city: 'Paris', places: 23 })
    expect(rome.places).toBeUndefined()
    expect(isLocality({ types: ['locality', 'political'] })).toBe(true)
    expect(isLocality({ types: ['tourist_attraction'] })).toBe(false)
    expect(isLocality({})).toBe(false)
  })

  it('asks for every field in the spec’s words', () => {
    expect(formProblem(form(), '2030-01-01')).toBeUndefined()
    for (const missing of [{ origin: null }, { destinations: [paris, null] }, { startDate: '' }, { endDate: '' }, { themes: [] }, { pace: '' as const }]) {
      expect(formProblem(form(missing), '2030-01-01')).toBe(FILL_ALL_FIELDS)
    }
  })

  it('keeps the start from today on and the end from the start on', () => {
    expect(formProblem(form(), '2030-05-02')).toBe('The start date cannot be in the past.')
    expect(formProblem(form({ endDate: '2030-04-30' }), '2030-01-01')).toBe('The end date cannot be before the start date.')
    expect(formProblem(form({ endDate: '2030-05-01' }), '2030-01-01')).toMatch(/1 day cannot cover 2 destinations/)
  })

  it('says before generating what a destination with too few places for its days will hold, and still sends the form', () => {
    expect(formProblem(form({ destinations: [lisbon, rome] }), '2030-01-01')).toBeUndefined()
    expect(capacityHints(form({ destinations: [lisbon, rome] }))).toEqual([
      'Lisbon has places for 1 day at this pace: its other 2 days will be day trips to towns nearby, or free time.',
    ])
    // At a slow pace a full day holds three places: Lisbon's four fill one day of its two.
    expect(capacityHints(form({ destinations: [rome, lisbon], pace: 'slow-paced' }))).toEqual([
      'Lisbon has places for 1 day at this pace: its other 1 day will be day trips to towns nearby, or free time.',
    ])
    expect(capacityHints(form({ destinations: [paris, rome], pace: 'fast-paced' }))).toEqual([])
    // Ten places fill two full moderate days (four a day), as the generator plans them, not three thin ones.
    const porto = choiceOf({ description: 'Porto, Porto, Portugal', places: 10 })
    expect(capacityHints(form({ destinations: [porto], endDate: '2030-05-03' }))).toEqual([
      'Porto has places for 2 days at this pace: its other 1 day will be day trips to towns nearby, or free time.',
    ])
  })

  it('sends the spec’s payload: slugs, dates, and the remainder of the split to the first destination', () => {
    expect(generateRequest(form({ themes: [...THEME_LABELS] }))).toEqual({
      origin_city: 'London',
      destinations: ['Paris, Île-de-France, France', 'Rome, Lazio, Italy'],
      trip_types: [
        'tourist-attractions',
        'cultural---historical',
        'nature---outdoors',
        'adventure---thrill',
        'nightlife---entertainment',
        'family---kid-friendly',
        'relax---wellness',
      ],
      pace: 'moderate',
      start_date: '2030-05-01',
      end_date: '2030-05-05',
      daysPerCity: { Paris: 3, Rome: 2 },
    })
    expect(validateTrip(generateRequest(form())).ok).toBe(true)
    for (const label of THEME_LABELS) expect(parseTheme(themeSlug(label))).toBeDefined()
  })

  it('shows how many places a suggestion has', () => {
    expect(placesNote(23)).toBe('23 places to plan')
    expect(placesNote(1)).toBe('1 place to plan')
    expect(placesNote(0)).toBe('No places to plan yet')
    expect(placesNote(undefined)).toBeUndefined()
    expect(localToday(new Date(2030, 0, 9))).toBe('2030-01-09')
  })

  it('says under a picked city which one it is, so that Paris, France and Paris, Texas are told apart', () => {
    const texas = choiceOf({ description: 'Paris, Texas, United States', places: 0 })
    expect(texas.city).toBe(paris.city)
    expect(pickedCityNote(paris)).toBe('Paris, Île-de-France, France · 23 places to plan')
    expect(pickedCityNote(texas)).toBe('Paris, Texas, United States · No places to plan yet')
    expect(pickedCityNote(rome)).toBe('Rome, Lazio, Italy')
  })
})

describe('the fields still needed', () => {
  it('names each missing field by its label, a city typed but not picked among them', () => {
    expect(missingFieldsText(form({ destinations: [paris, null], pace: '' }))).toBe(
      'Still needed: Destination 2 (type a city and pick it from the list), Pace.',
    )
    expect(missingFieldsText(form({ origin: null, startDate: '', themes: [] }))).toBe(
      'Still needed: Origin (type a city and pick it from the list), Start date, Themes.',
    )
    expect(missingFieldsText(form())).toBeUndefined()
  })
})
